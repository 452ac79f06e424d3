package audit

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"
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
}

type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

// sarifRules are the rules, one per change kind, in the order results index them.
var sarifRules = []struct {
	kind            ChangeKind
	id, name, short string
	full, level     string
}{
	{Regression, "stability-regression", "StabilityRegression", "A class became less stable for Compose",
		"A class went from stable to runtime or unstable, or from runtime to unstable; a type parameter newly takes part in its stability; a $stable it reads gained the unstable bit; or the class was removed. Composables taking it as a parameter may stop skipping.", "error"},
	{Improvement, "stability-improvement", "StabilityImprovement", "A class became more stable for Compose",
		"A class went from unstable to runtime or stable, or from runtime to stable, or depends on fewer of its type arguments.", "note"},
	{Neutral, "stability-change", "StabilityChange", "A class's stability inputs changed without changing its verdict",
		"A class was added, or its fields, type parameters or $stable initializer changed while its verdict stayed the same.", "note"},
}

// WriteSARIF writes the changes as a SARIF 2.1.0 log for code scanning: regressions at level
// error, other changes at level note, each located in its jar (Change.Input; relative paths
// stay relative) and at its class's FQN.
func (d *DiffReport) WriteSARIF(w io.Writer) error {
	run := sarifRun{
		Tool:    sarifTool{Driver: sarifDriver{Name: toolName, InformationURI: toolURI, Rules: []sarifRule{}}},
		Results: []sarifResult{},
	}
	index := map[ChangeKind]int{}
	for i, r := range sarifRules {
		rule := sarifRule{ID: r.id, Name: r.name, ShortDescription: sarifMessage{r.short}, FullDescription: sarifMessage{r.full}}
		rule.DefaultConfiguration.Level = r.level
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, rule)
		index[r.kind] = i
	}
	inv := sarifInvocation{ExecutionSuccessful: true, Notifications: []sarifNotification{}}
	for _, e := range d.Errors {
		level := "warning"
		if e.Kind == ErrUnreadable {
			level = "error"
			inv.ExecutionSuccessful = false
		}
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: level, Message: sarifMessage{e.Kind + ": " + e.Error()}})
	}
	run.Invocations = []sarifInvocation{inv}
	for _, c := range d.Changes {
		i := index[c.Kind]
		res := sarifResult{
			RuleID: sarifRules[i].id, RuleIndex: i, Level: sarifRules[i].level,
			Message:             sarifMessage{c.Class + ": " + c.Message},
			PartialFingerprints: map[string]string{"composestabChange/v1": c.Class + "|" + c.Part},
		}
		loc := sarifLocation{LogicalLocations: []sarifLogical{{Name: simpleOf(c.Class), FullyQualifiedName: c.Class, Kind: "type"}}}
		if c.Input != "" {
			loc.PhysicalLocation = &sarifPhysical{}
			loc.PhysicalLocation.ArtifactLocation.URI = artifactURI(c.Input)
		}
		res.Locations = []sarifLocation{loc}
		run.Results = append(run.Results, res)
	}
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
