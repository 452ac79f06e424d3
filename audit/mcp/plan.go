package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/composestab/composestab/audit/plan"
	"github.com/composestab/composestab/audit/scan"
)

// maxPlanTop caps the fixes one plan answer lists.
const maxPlanTop = 50

type planIn struct {
	Paths            []string `json:"paths" jsonschema:"The app's compiled code: jars, AARs, class folders (e.g. app/build/tmp/kotlin-classes/release) or folders holding them"`
	Classpath        []string `json:"classpath,omitempty" jsonschema:"What the code depends on, to resolve references: jars, AARs or folders (the Compose runtime, libraries), or group:artifact:version coordinates where the server looks them up. One path per item"`
	Configs          []string `json:"configs,omitempty" jsonschema:"Stability configuration files (the Compose compiler's stabilityConfigurationPath) to apply"`
	Compiler         string   `json:"compiler,omitempty"` // described by compilerDescription
	IncludeNonPublic bool     `json:"includeNonPublic,omitempty" jsonschema:"Also internal and private composables and classes"`
	Top              int      `json:"top,omitempty" jsonschema:"How many fixes, best first (default 10, at most 50); findings and uncovered are always whole"`
}

// addPlanTool registers plan: the fix-first plan of audit/plan.
func (s *Server) addPlanTool(readOnly *sdk.ToolAnnotations) {
	addTool(s, &sdk.Tool{Name: "plan", Title: "What to fix first", Annotations: readOnly,
		Description: "What should I change first so that composables stop recomposing for nothing? For compiled code (jars, AARs, class folders): the calls that re-run their callee on every recomposition " +
			"(a new object passed where the callee compares by identity, a parameter passed on, a call that never skips), and a ranked list of source edits that clear them — remember an argument, " +
			"remember what a lambda captures, a stable remember key, equals on a class, a class made a value class, a stability configuration line, strong skipping — each with the exact findings it clears " +
			"and introduces, proven by running the analysis again with the edit applied (never estimated; an edit that clears nothing is never listed). A configuration line the bytes do not prove " +
			"carries risk (the UI may no longer update) and ranks below every safe fix. For why one composable does not skip use composables."},
		inputSchema[planIn](map[string]schemaPatch{"paths": nonEmptyList}), s.plan)
}

func (s *Server) plan(ctx context.Context, a *access, in planIn) (*plan.Plan, error) {
	opts, err := a.scanOptions(ctx, in.Paths, in.Classpath, in.Configs, in.Compiler)
	if err != nil {
		return nil, err
	}
	opts.Composables, opts.CallSites, opts.IncludeNonPublic = true, true, in.IncludeNonPublic
	rep, err := scan.Scan(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer rep.Close()
	top := in.Top
	if top <= 0 {
		top = 10
	}
	return plan.Build(ctx, rep, plan.Options{Top: min(top, maxPlanTop), Scan: opts})
}
