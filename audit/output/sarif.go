package output

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
)

// SARIF 2.1.0, the subset that code-scanning services read: one run, one rule per change kind,
// one result per change, located in the jar (physical) and at the class (logical).

const (
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	sarifVersion = "2.1.0"
	toolName     = "composestab"
	toolURI      = "https://github.com/composestab/composestab"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	Results     []sarifResult     `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	Name                 string       `json:"name"`
	ShortDescription     sarifMessage `json:"shortDescription"`
	FullDescription      sarifMessage `json:"fullDescription"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications"`
}

type sarifNotification struct {
	Level   string       `json:"level"`
	Message sarifMessage `json:"message"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations"`
}

type sarifPhysical struct {
	ArtifactLocation struct {
		URI string `json:"uri"`
	} `json:"artifactLocation"`
	// Region is the line of a configuration file a finding is about.
	Region *sarifRegion `json:"region,omitempty"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

// changeRule is the SARIF rule of one kind of change.
type changeRule struct {
	kind            diff.ChangeKind
	id, name, short string
	full, level     string
}

// sarifRules are the rules, one per change kind, in the order results index them.
var sarifRules = []changeRule{
	{diff.Regression, "stability-regression", "StabilityRegression", "A class became less stable for Compose",
		"A class went from stable to runtime or unstable, or from runtime to unstable; a type parameter newly takes part in its stability; a $stable it reads gained the unstable bit; or the class was removed. Composables taking it as a parameter may stop skipping.", "error"},
	{diff.Improvement, "stability-improvement", "StabilityImprovement", "A class became more stable for Compose",
		"A class went from unstable to runtime or stable, or from runtime to stable, or depends on fewer of its type arguments.", "note"},
	{diff.Neutral, "stability-change", "StabilityChange", "A class's stability inputs changed without changing its verdict",
		"A class was added, or its fields, type parameters or $stable initializer changed while its verdict stayed the same.", "note"},
}

// composableSarifRules are the rules of composable changes, appended after sarifRules when a
// diff has any.
var composableSarifRules = []changeRule{
	{diff.Regression, "composable-regression", "ComposableRegression", "A composable skips less, or compares a parameter less cheaply",
		"A composable stopped skipping, became non-restartable, compares a parameter by identity (===) or not at all where it compared with equals, or is new and does not skip; not for composables that do not skip by design.", "error"},
	{diff.Improvement, "composable-improvement", "ComposableImprovement", "A composable skips more, or compares a parameter with equals",
		"A composable now skips, or compares a parameter with equals where it compared by identity or not at all.", "note"},
	{diff.Neutral, "composable-change", "ComposableChange", "A composable was added or removed, or changed by design",
		"A composable was added or removed, or changed in a way its design explains (inline, a return value, @NonRestartableComposable).", "note"},
}

// WriteDiffSARIF writes the changes as a SARIF 2.1.0 log for code scanning: regressions at level
// error, other changes at level note, each located in its jar (Change.Input; relative paths
// stay relative) and at its class's FQN.
func WriteDiffSARIF(w io.Writer, d *diff.Report) error {
	var rules []sarifRule
	index := map[diff.ChangeKind]int{}
	for i, r := range sarifRules {
		rules = append(rules, newSarifRule(r.id, r.name, r.short, r.full, r.level))
		index[r.kind] = i
	}
	var results []sarifResult
	for _, c := range d.Changes {
		i := index[c.Kind]
		results = append(results, newSarifResult(sarifRules[i].id, i, sarifRules[i].level, c.Class, c.Message, c.Input,
			"composestabChange/v1", c.Class+"|"+c.Part))
	}
	if len(d.Composables) > 0 {
		base := len(rules)
		for i, r := range composableSarifRules {
			rules = append(rules, newSarifRule(r.id, r.name, r.short, r.full, r.level))
			index[r.kind] = base + i
		}
		for _, c := range d.Composables {
			i := index[c.Kind]
			r := composableSarifRules[i-base]
			results = append(results, newSarifResult(r.id, i, r.level, c.Name, c.Message, c.Input,
				"composestabComposableChange/v1", c.Key+"|"+c.Part))
		}
	}
	return writeSarif(w, rules, results, d.Errors)
}

// sarifLevel maps a verify severity to a SARIF level.
func sarifLevel(severity string) string {
	switch severity {
	case verify.SeverityError:
		return "error"
	case verify.SeverityWarning:
		return "warning"
	}
	return "note"
}

// WriteVerifySARIF writes the findings as a SARIF 2.1.0 log: one rule per verify rule, each result at
// the level of its severity (error, warning; info is note), located in its jar and at its class.
func WriteVerifySARIF(w io.Writer, v *verify.Report) error {
	var rules []sarifRule
	index := map[string]int{}
	for i, r := range verify.Rules {
		rules = append(rules, newSarifRule(r.ID, sarifRuleName(r.ID), r.Summary, r.Summary+" (severity "+r.Severity+").", sarifLevel(r.Severity)))
		index[r.ID] = i
	}
	var results []sarifResult
	for _, x := range v.Violations {
		res := newSarifResult(x.Rule, index[x.Rule], sarifLevel(x.Severity), x.Class, x.Message, x.Input,
			"composestabVerify/v1", x.Rule+"|"+x.Class+"|"+x.Part)
		if x.Line > 0 && res.Locations[0].PhysicalLocation != nil {
			res.Locations[0].PhysicalLocation.Region = &sarifRegion{StartLine: x.Line}
		}
		results = append(results, res)
	}
	return writeSarif(w, rules, results, v.Errors)
}

// sarifRuleName turns a rule id into a SARIF rule name: stable-claim-mutable → StableClaimMutable.
func sarifRuleName(id string) string {
	var b strings.Builder
	for _, p := range strings.Split(id, "-") {
		if p != "" {
			b.WriteString(strings.ToUpper(p[:1]) + p[1:])
		}
	}
	return b.String()
}

func newSarifRule(id, name, short, full, level string) sarifRule {
	rule := sarifRule{ID: id, Name: name, ShortDescription: sarifMessage{short}, FullDescription: sarifMessage{full}}
	rule.DefaultConfiguration.Level = level
	return rule
}

// newSarifResult locates a result in its jar (relative paths stay relative) and at its class.
func newSarifResult(ruleID string, ruleIndex int, level, class, message, input, fingerprintKey, fingerprint string) sarifResult {
	res := sarifResult{
		RuleID: ruleID, RuleIndex: ruleIndex, Level: level,
		Message:             sarifMessage{class + ": " + message},
		PartialFingerprints: map[string]string{fingerprintKey: fingerprint},
	}
	loc := sarifLocation{LogicalLocations: []sarifLogical{{Name: simpleOf(class), FullyQualifiedName: class, Kind: "type"}}}
	if input != "" {
		loc.PhysicalLocation = &sarifPhysical{}
		loc.PhysicalLocation.ArtifactLocation.URI = artifactURI(input)
	}
	res.Locations = []sarifLocation{loc}
	return res
}

// writeSarif writes one run: the rules, the results, and the scan errors as notifications (an
// unreadable input fails the run).
func writeSarif(w io.Writer, rules []sarifRule, results []sarifResult, errs []*scan.Error) error {
	run := sarifRun{
		Tool:    sarifTool{Driver: sarifDriver{Name: toolName, InformationURI: toolURI, Rules: append([]sarifRule{}, rules...)}},
		Results: append([]sarifResult{}, results...),
	}
	inv := sarifInvocation{ExecutionSuccessful: true, Notifications: []sarifNotification{}}
	for _, e := range errs {
		level := "warning"
		if e.Kind == scan.ErrUnreadable {
			level = "error"
			inv.ExecutionSuccessful = false
		}
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: level, Message: sarifMessage{string(e.Kind) + ": " + e.Error()}})
	}
	run.Invocations = []sarifInvocation{inv}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

func simpleOf(fqn string) string {
	if i := strings.LastIndex(fqn, "."); i >= 0 {
		return fqn[i+1:]
	}
	return fqn
}

// artifactURI is a relative URI reference for a relative path, so that code scanning resolves
// it against the checkout, and a file URI for an absolute one.
func artifactURI(path string) string {
	p := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // a Windows drive path
		}
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: strings.TrimPrefix(p, "./")}).String()
}
