package verify

import "testing"

// TestSuppressionMatches: every finding's class, lambda and nested classes with '$' included,
// can be named by a suppression, exactly as printed or with a pattern.
func TestSuppressionMatches(t *testing.T) {
	const lambda = "m3.AlertDialogKt$AlertDialogContent$1"
	for _, tc := range []struct {
		suppression, rule, class string
		want                     bool
	}{
		{"identity-churn:" + lambda, RuleIdentityChurn, lambda, true},
		{"identity-churn:m3.AlertDialogKt.AlertDialogContent.1", RuleIdentityChurn, lambda, true},
		{"identity-churn:m3.AlertDialogKt.**", RuleIdentityChurn, lambda, true},
		{"identity-churn:m3.AlertDialogKt$**", RuleIdentityChurn, lambda, true},
		{"identity-churn:m3.*", RuleIdentityChurn, lambda, false}, // * is one segment
		{"*:m3.**", RuleIdentityChurn, lambda, true},
		{"drift:m3.**", RuleIdentityChurn, lambda, false},
		{"identity-churn:m3.AlertDialogKt", RuleIdentityChurn, lambda, false},
		{"identity-churn:m3.Foo$$inlined$bar$1", RuleIdentityChurn, "m3.Foo$$inlined$bar$1", true},
		{"identity-churn:m3.Foo$$inlined$bar$1", RuleIdentityChurn, "m3.Foo$$inlined$bar$2", false},
		{"stable-claim-mutable:a.Outer.Inner", RuleStableClaimMutable, "a.Outer.Inner", true},
		{"config-false:kotlin.collections.*", RuleConfigFalse, "kotlin.collections.*", true}, // a line's own pattern
		{"config-false:kotlin.**", RuleConfigFalse, "kotlin.collections.ArrayList", true},
	} {
		s, err := ParseSuppression("--suppress", tc.suppression)
		if err != nil {
			t.Errorf("%s: %v", tc.suppression, err)
			continue
		}
		c, err := compile(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.matches(tc.rule, tc.class); got != tc.want {
			t.Errorf("%s on %s %s: %v, want %v", tc.suppression, tc.rule, tc.class, got, tc.want)
		}
	}
}
