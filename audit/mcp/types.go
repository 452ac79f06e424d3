// This file holds the tools' arguments (their input schemas) and answers (their output schemas).

package mcp

import (
	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
)

type explainIn struct {
	Type      string   `json:"type" jsonschema:"The Kotlin type as written in source: qualified or short names (com.example.User, List<String>), type arguments, ?, *, out/in projections and function types (() -> Unit, @Composable () -> Unit, suspend () -> Unit)"`
	Classpath []string `json:"classpath,omitempty" jsonschema:"Jars, AARs or folders declaring the classes the type names (not needed for Kotlin built-ins, the standard library, kotlinx.coroutines or the JDK), or group:artifact:version coordinates where the server looks them up; one path per item"`
	Configs   []string `json:"configs,omitempty" jsonschema:"Stability configuration files (the Compose compiler's stabilityConfigurationPath) to apply"`
	Compiler  string   `json:"compiler,omitempty"` // described by compilerDescription
	NonJVM    bool     `json:"nonJvm,omitempty" jsonschema:"Evaluate as a Kotlin/JS, Wasm or Native call site (mask-based rules) instead of a JVM one"`
}

type auditIn struct {
	Paths            []string `json:"paths" jsonschema:"The compiled code to analyse: jars, AARs, class folders (e.g. app/build/tmp/kotlin-classes/release), Gradle build folders or folders holding them; absolute, or relative to the server's first root"`
	Classpath        []string `json:"classpath,omitempty" jsonschema:"What the code depends on, to resolve references: jars, AARs or folders (the Compose runtime, libraries), or group:artifact:version coordinates where the server looks them up; not reported themselves. One path per item, never joined by ':'"`
	Configs          []string `json:"configs,omitempty" jsonschema:"Stability configuration files (the Compose compiler's stabilityConfigurationPath) to apply"`
	Compiler         string   `json:"compiler,omitempty"` // described by compilerDescription
	Only             string   `json:"only,omitempty" jsonschema:"Only classes with this verdict"`
	Package          string   `json:"package,omitempty" jsonschema:"Only classes matching this stability-configuration pattern: com.example.model.** (a package and below), com.example.* (one package), or one class's exact name"`
	Drift            bool     `json:"drift,omitempty" jsonschema:"Only classes whose bytes disagree with the rules of the app's compiler (rebuilding the library would change what apps see)"`
	IncludeNonPublic bool     `json:"includeNonPublic,omitempty" jsonschema:"Also internal, private and local classes (default: what another module can use)"`
	IncludeSynthetic bool     `json:"includeSynthetic,omitempty" jsonschema:"Also lambdas, anonymous classes, $DefaultImpls, $WhenMappings and ComposableSingletons"`
	Cursor           string   `json:"cursor,omitempty" jsonschema:"page.nextCursor of the previous answer to this same call, for the next page; omit for the first page"`
	Limit            int      `json:"limit,omitempty" jsonschema:"Items per page (default 20, at most 200)"`
}

type composablesIn struct {
	Paths            []string `json:"paths" jsonschema:"The compiled code whose composable functions to report: jars, AARs, class folders (e.g. app/build/tmp/kotlin-classes/release) or folders holding them; absolute, or relative to the server's first root"`
	Classpath        []string `json:"classpath,omitempty" jsonschema:"What the code depends on, to resolve references: jars, AARs or folders (the Compose runtime, libraries), or group:artifact:version coordinates where the server looks them up; not reported themselves. One path per item, never joined by ':'"`
	Configs          []string `json:"configs,omitempty" jsonschema:"Stability configuration files (the Compose compiler's stabilityConfigurationPath) to apply"`
	Compiler         string   `json:"compiler,omitempty"` // described by compilerDescription
	Name             string   `json:"name,omitempty" jsonschema:"Which composables: a function's qualified name (com.example.ProfileCard, com.example.Screen.Content), its JVM class (com.example.ProfileKt), or a pattern (com.example.ui.**); omit for all"`
	NotSkipping      bool     `json:"notSkipping,omitempty" jsonschema:"Only composables that do not skip when their arguments are unchanged (skips is false or runtime)"`
	CallSites        bool     `json:"callSites,omitempty" jsonschema:"Also the calls from and to the selected composables, with where each argument comes from and the calls that re-run their callee on every recomposition (churn)"`
	IncludeNonPublic bool     `json:"includeNonPublic,omitempty" jsonschema:"Also internal and private composables"`
	Cursor           string   `json:"cursor,omitempty" jsonschema:"page.nextCursor of the previous answer to this same call, for the next page; omit for the first page"`
	Limit            int      `json:"limit,omitempty" jsonschema:"Items per page (default 20, at most 200)"`
}

type checkConfigIn struct {
	Configs          []string `json:"configs" jsonschema:"The stability configuration files to check (stability_config.conf)"`
	Paths            []string `json:"paths" jsonschema:"The compiled code of the app or module the file is for: jars, AARs, class folders or folders holding them"`
	Classpath        []string `json:"classpath,omitempty" jsonschema:"What the code depends on: jars, AARs or folders, or group:artifact:version coordinates where the server looks them up; a line naming a dependency's class is checked against it"`
	Compiler         string   `json:"compiler,omitempty"` // described by compilerDescription
	IncludeNonPublic bool     `json:"includeNonPublic,omitempty" jsonschema:"Also report internal and private classes"`
}

type diffIn struct {
	Old              []string `json:"old,omitempty" jsonschema:"Two releases: the old side's jars, AARs, folders or coordinates (with new)"`
	New              []string `json:"new,omitempty" jsonschema:"Two releases: the new side's (with old). For one app against two dependency sets give the app as both old and new, with oldClasspath and newClasspath"`
	OldClasspath     []string `json:"oldClasspath,omitempty" jsonschema:"What the old side depends on (added to classpath)"`
	NewClasspath     []string `json:"newClasspath,omitempty" jsonschema:"What the new side depends on (added to classpath)"`
	OldConfigs       []string `json:"oldConfigs,omitempty" jsonschema:"Stability configuration files of the old side only (added to configs): each change names the lines that start or stop deciding it"`
	NewConfigs       []string `json:"newConfigs,omitempty" jsonschema:"Stability configuration files of the new side only (added to configs)"`
	Paths            []string `json:"paths,omitempty" jsonschema:"A Kotlin upgrade (with oldCompiler and newCompiler): the classes to predict for, the app's or its dependencies'"`
	OldCompiler      string   `json:"oldCompiler,omitempty" jsonschema:"A Kotlin upgrade: the release the app is built with today, e.g. 2.3.21"`
	NewCompiler      string   `json:"newCompiler,omitempty" jsonschema:"A Kotlin upgrade: the release to move to, e.g. 2.4.20"`
	AsCompiled       bool     `json:"asCompiled,omitempty" jsonschema:"A Kotlin upgrade: compare the classes as each release would compile them (inferred stability, the $stable a rebuild writes, mask, fields) instead of as an app built by each release consumes them (the default, audit's view)"`
	Classpath        []string `json:"classpath,omitempty" jsonschema:"What both sides depend on: jars, AARs or folders, or group:artifact:version coordinates where the server looks them up"`
	Configs          []string `json:"configs,omitempty" jsonschema:"Stability configuration files applied to both sides"`
	Compiler         string   `json:"compiler,omitempty"` // described by compilerDescription
	Composables      bool     `json:"composables,omitempty" jsonschema:"Also compare the composables: whether a call skips and how each parameter is compared"`
	IncludeNonPublic bool     `json:"includeNonPublic,omitempty" jsonschema:"Also compare internal classes"`
	Ignore           []string `json:"ignore,omitempty" jsonschema:"Drop the changes of classes matching these stability-configuration patterns"`
	Kind             string   `json:"kind,omitempty" jsonschema:"Only changes of this kind"`
	Cursor           string   `json:"cursor,omitempty" jsonschema:"page.nextCursor of the previous answer to this same call, for the next page; omit for the first page"`
	Limit            int      `json:"limit,omitempty" jsonschema:"Items per page (default 20, at most 200)"`
}

// Page says which part of a long answer this is.
type Page struct {
	// Offset is the first item's index in the whole answer, Returned how many this page holds,
	// Total how many the whole answer has.
	Offset   int `json:"offset"`
	Returned int `json:"returned"`
	Total    int `json:"total"`
	// NextCursor, passed back as cursor with the same arguments, gives the next page; absent on
	// the last.
	NextCursor string `json:"nextCursor,omitempty"`
}

// AuditResult is the audit tool's answer: the command's JSON (docs/json.md), with a page of
// the classes.
type AuditResult struct {
	SchemaVersion int           `json:"schemaVersion"`
	Summary       *scan.Summary `json:"summary"`
	Classes       []*scan.Class `json:"classes"`
	Errors        []*scan.Error `json:"errors"`
	Inputs        []string      `json:"inputs"`
	Page          Page          `json:"page"`
	// Truncated names the lists cut short to keep the answer small, with their full length.
	Truncated []string `json:"truncated,omitempty"`
}

// ComposablesResult is the composables tool's answer: audit --composables' JSON, with a page of
// the composables selected, grouped by input.
type ComposablesResult struct {
	SchemaVersion int                      `json:"schemaVersion"`
	Composables   []*scan.InputComposables `json:"composables"`
	// Missing are the classes absent from the classpath that parameters stand on.
	Missing   []scan.MissingClass `json:"missing"`
	Errors    []*scan.Error       `json:"errors"`
	Inputs    []string            `json:"inputs"`
	Page      Page                `json:"page"`
	Note      string              `json:"note,omitempty"`
	Truncated []string            `json:"truncated,omitempty"`
}

// CheckConfigResult is the check_config tool's answer: verify --config's JSON restricted to the
// configuration rules, what each line applies to, and the corrected file.
type CheckConfigResult struct {
	SchemaVersion int                `json:"schemaVersion"`
	Violations    []verify.Violation `json:"violations"`
	Suppressed    int                `json:"suppressed"`
	Errors        []*scan.Error      `json:"errors"`
	Inputs        []string           `json:"inputs"`
	// Lines are the configuration lines, each with the classes it applies to by kind (false,
	// unproven, redundant, needed).
	Lines []ConfigLine `json:"lines"`
	// Merged is the configuration file audit --format stability-config --config writes: the
	// lines kept, the wrong ones commented out with the finding, a broad wildcard followed by
	// the exact lines it should be, then the safe suggestions. Nothing is written to disk.
	Merged    string   `json:"merged"`
	Truncated []string `json:"truncated,omitempty"`
}

// ConfigLine is one line of a configuration file as check_config judges it.
type ConfigLine struct {
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Pattern string `json:"pattern"`
	// Fault says why the compiler rejects the line; "" when it accepts it.
	Fault string `json:"fault,omitempty"`
	// Classes lists, by kind, the classes the line applies to, each with why (at most
	// maxLineClasses per kind; Counts has the totals).
	Classes map[string][]ClassNote `json:"classes"`
	Counts  map[string]int         `json:"counts"`
	// Remove tells whether the merged file drops the line; Replace the exact lines that take a
	// too-broad wildcard's place.
	Remove  bool     `json:"remove"`
	Replace []string `json:"replace"`
}

// ClassNote is one class a configuration line applies to.
type ClassNote struct {
	Class string `json:"class"`
	Why   string `json:"why"`
}

// DiffResult is the diff tool's answer: diff's JSON, with a page of the changes (the classes'
// first, then the composables').
type DiffResult struct {
	SchemaVersion int                     `json:"schemaVersion"`
	Changes       []diff.Change           `json:"changes"`
	Composables   []diff.ComposableChange `json:"composables"`
	Errors        []*scan.Error           `json:"errors"`
	Old           []string                `json:"old"`
	New           []string                `json:"new"`
	// Counts are the whole answer's changes by kind, classes and composables together.
	Counts    map[string]int `json:"counts"`
	Page      Page           `json:"page"`
	Truncated []string       `json:"truncated,omitempty"`
}
