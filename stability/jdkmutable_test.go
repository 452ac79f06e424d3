package stability

import (
	"strings"
	"testing"
)

// TestJDKMutableCause: the mutability facts jdkgen read from JDK 17's java.base (issue 42). A
// class whose bytes store into an instance after construction has a cause naming the field and
// a method that writes it, the superclass's for an inherited field; a class whose bytes show no
// such store (lazily cached hashes and strings aside), an interface, an enum has none.
func TestJDKMutableCause(t *testing.T) {
	tests := []struct {
		jvm  string
		want []string // the cause holds each; nil: no cause
	}{
		{"java/util/Date", []string{"non-final field `fastTime`", "setTime"}},
		{"java/lang/StringBuilder", []string{"(of java.lang.AbstractStringBuilder)", "AbstractStringBuilder.append"}},
		{"java/lang/StringBuffer", []string{"non-final field"}},
		{"java/util/concurrent/atomic/AtomicInteger", []string{"non-final field `value`", "set"}},
		{"java/util/concurrent/atomic/AtomicIntegerArray", []string{"final array field `array` written into by", "set"}},
		{"java/util/concurrent/atomic/AtomicLong", []string{"through Unsafe", "set"}},
		{"java/util/ArrayList", []string{"non-final field", "add"}},
		{"java/util/HashMap", []string{"non-final field `size`"}},
		{"java/io/IOException", []string{"non-final field `cause` (of java.lang.Throwable)", "Throwable.initCause"}},
		// Immutable as far as the bytes show: String.hash and BigDecimal.stringCache are filled
		// lazily by the getter that reads them; URI.Parser and Pattern's parser run from the
		// constructor.
		{"java/lang/String", nil},
		{"java/lang/Integer", nil},
		{"java/time/LocalDate", nil},
		{"java/time/Instant", nil},
		{"java/time/Duration", nil},
		{"java/math/BigDecimal", nil},
		{"java/math/BigInteger", nil},
		{"java/util/UUID", nil},
		{"java/util/Locale", nil},
		{"java/util/Optional", nil},
		{"java/net/URI", nil},
		{"java/io/FilePermission", nil}, // its init is a helper only the constructors call
		{"java/lang/Runnable", nil},     // an interface
		{"java/time/DayOfWeek", nil},    // an enum
	}
	for _, tt := range tests {
		cause, known := JDKMutableCause(tt.jvm)
		if !known {
			t.Errorf("%s: not known", tt.jvm)
			continue
		}
		if tt.want == nil && cause != "" {
			t.Errorf("%s: cause %q, want none", tt.jvm, cause)
		}
		if tt.want != nil && cause == "" {
			t.Errorf("%s: no cause, want one", tt.jvm)
		}
		for _, w := range tt.want {
			if !strings.Contains(cause, w) {
				t.Errorf("%s: cause %q without %q", tt.jvm, cause, w)
			}
		}
	}
	// Not in java.base (java.sql), or no public class: not known.
	for _, n := range []string{"java/sql/Timestamp", "java/util/ArrayList$Itr", "java/util/Nope"} {
		if _, known := JDKMutableCause(n); known {
			t.Errorf("%s: known", n)
		}
	}

	// Every public class is listed, each with a cause or none; every cause names a field or a
	// handle and the methods.
	names := JDKClassNames()
	mutable := 0
	for _, n := range names {
		cause, _ := JDKMutableCause(n)
		if cause == "" {
			continue
		}
		mutable++
		if !strings.Contains(cause, " in ") && !strings.Contains(cause, " by ") && !strings.Contains(cause, "any code may write") {
			t.Errorf("%s: cause %q names no method", n, cause)
		}
	}
	if len(names) < 1300 || mutable < 400 || mutable > len(names)/2 {
		t.Errorf("%d classes, %d with a cause", len(names), mutable)
	}

	for pkg, want := range map[string]bool{"java.util": true, "java.util.concurrent.atomic": true, "java.util.logging": false, "java.sql": false, "java": false} {
		if got := JDKPackage(pkg); got != want {
			t.Errorf("JDKPackage(%s) = %v, want %v", pkg, got, want)
		}
	}
	for jvm, want := range map[string][2]any{
		"java/lang/String": {"kotlin/String", true}, "java/lang/Integer": {"kotlin/Int", true},
		"java/util/List": {"kotlin/collections/List", false}, "java/lang/Object": {"kotlin/Any", false},
	} {
		k, stable, ok := JDKKotlinBuiltin(jvm)
		if !ok || k != want[0] || stable != want[1] {
			t.Errorf("JDKKotlinBuiltin(%s) = %s, %v, %v; want %v, %v", jvm, k, stable, ok, want[0], want[1])
		}
	}
	if _, _, ok := JDKKotlinBuiltin("java/util/Date"); ok {
		t.Error("java/util/Date has a Kotlin built-in")
	}
}
