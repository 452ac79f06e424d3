package scan

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/stability"
)

// Options are what every job (scan, dump, check, diff, verify, explain) is given: the inputs and
// their classpath, the configuration, the consumer's compiler and the limits, plus what a scan
// reports. Setup turns them into what the jobs use, in one place.
type Options struct {
	// Inputs are the jars, AARs and class folders to report on, or folders to search for them.
	Inputs []string
	// Classpath are further inputs used to resolve references, not reported.
	Classpath []string
	// Configs are stability configuration files, applied to every input.
	Configs []string
	// Compiler is the consuming app's compiler (ParseCompiler); the zero Compiler is the default
	// release's.
	Compiler Compiler
	// NonJVM makes call sites follow the mask-based rules of Kotlin/JS, Wasm and Native
	// (explain).
	NonJVM bool
	// IncludeNonPublic reports private, internal and local classes too.
	IncludeNonPublic bool
	// IncludeSynthetic reports lambdas, anonymous classes, $DefaultImpls, $WhenMappings and
	// ComposableSingletons too.
	IncludeSynthetic bool
	// Package, if set, keeps classes whose FQN matches this configuration-file pattern.
	Package string
	// Only keeps classes with this verdict ("stable", "unstable", "runtime" or "uncertain").
	Only stability.Verdict
	// DriftOnly keeps the classes whose bytes disagree with the consumer's compiler's rules.
	DriftOnly bool
	// SuggestConfig also judges which reported classes a stability configuration file could
	// declare stable (Report.Suggestions).
	SuggestConfig bool
	// CheckConfig checks every line of the configuration files against the classes of the inputs,
	// the classpath and the platform (Report.ConfigLines). A line the compiler rejects does not stop
	// the scan: it is reported there, and the accepted lines are applied.
	CheckConfig bool
	// Composables also reads each reported input's composable functions (Report.Composables).
	Composables bool
	// CallSites, with Composables, also analyses every composable call of each reported input:
	// where each argument comes from, and which calls re-run their callee on every
	// recomposition of the caller (InputComposables.CallSites).
	CallSites bool
	// RuleOverride and KnownStableOf are passed to the inference (stability.Options): a what-if
	// turns one rule change back at a time to tell which one makes a difference.
	RuleOverride  map[string]bool
	KnownStableOf *stability.Release
	// Limits bound what one input may cost (sizes, entry count, nesting); zero fields mean
	// archive's defaults.
	Limits archive.Limits
	// Shared, if set, is shared with the other scans of the job that have it (a diff's two
	// sides, a what-if's scans): a class entry byte-identical in several of them is inflated and
	// parsed once. Each scan's results are its own.
	Shared *archive.Shared
	// Problems are what could not be searched while the inputs were found (Discovery.Problems,
	// when the caller found them itself): reported among the scan's errors, unreadable.
	Problems []error
	// Progress, if set, is called as the class entries of the reported inputs are read: done
	// of total; from several goroutines, never two at once.
	Progress func(done, total int)
}

// Compiler is the --compiler choice: the release of the app's compiler, which decides what an
// app sees of every class, and whether each module is also read as the release that built it
// compiled it.
type Compiler struct {
	// Release is the app's release (the zero Release: stability.DefaultRelease).
	Release stability.Release
	// Auto (--compiler auto) also reproduces each module's own report (its classes' and its
	// composables') with the rules of the release that built it, as far as its metadata
	// version tells; ParseCompiler leaves the app's release the default.
	Auto bool
}

// AutoCompiler is the --compiler value of Compiler.Auto.
const AutoCompiler = "auto"

// ParseCompiler resolves a --compiler value: a release as stability.ParseRelease takes it
// ("2.1.20", or "2.1" for its newest patch), AutoCompiler, or "" for the default release. The
// error names what is supported.
func ParseCompiler(v string) (Compiler, error) {
	switch v {
	case AutoCompiler:
		return Compiler{Auto: true}, nil
	case "":
		return Compiler{}, nil
	}
	if r, ok := stability.ParseRelease(v); ok {
		return Compiler{Release: r}, nil
	}
	return Compiler{}, fmt.Errorf("--compiler %q is not supported; use one of %s, or X.Y for the newest X.Y.z", v, strings.Join(stability.SupportedCompilers, ", "))
}

// Setup is Options made ready, once per job and before any input is read: the configuration
// files loaded and the package pattern parsed.
type Setup struct {
	Options
	// Config unites the configuration files; nil without any.
	Config *stability.Config
	// ConfigTexts and ConfigLines are the configuration files as read and their lines, with
	// CheckConfig.
	ConfigTexts []stability.ConfigText
	ConfigLines []stability.ConfigLine

	pkg *stability.Config
}

// Setup resolves the options. Its errors: a --package pattern that does not parse, a
// configuration file that cannot be read or parsed (*stability.ConfigError).
func (o Options) Setup() (*Setup, error) {
	s := &Setup{Options: o}
	var err error
	switch {
	case len(o.Configs) > 0 && o.CheckConfig:
		if s.ConfigTexts, err = stability.ReadConfigTexts(o.Configs...); err != nil {
			return nil, err
		}
		s.ConfigLines, s.Config = stability.ConfigLines(s.ConfigTexts)
	case len(o.Configs) > 0:
		if s.Config, err = stability.LoadConfig(o.Configs...); err != nil {
			return nil, err
		}
	}
	if o.Package != "" {
		if s.pkg, err = stability.ParseConfig("--package", []byte(o.Package)); err != nil {
			return nil, fmt.Errorf("--package: %w", err)
		}
	}
	return s, nil
}

// Stability is the consumer's inference options.
func (s *Setup) Stability() stability.Options {
	return stability.Options{Release: s.Compiler.Release, Config: s.Config, NonJVM: s.NonJVM, Override: s.RuleOverride, KnownStableOf: s.KnownStableOf}
}

// Engine is an inference engine for a module (nil: as a consumer sees classes from outside)
// with the consumer's rules and the configuration.
func (s *Setup) Engine(m *stability.Module) *stability.Engine {
	return stability.NewEngine(m, s.Stability())
}

// EngineOf is Engine with the rules of another release.
func (s *Setup) EngineOf(m *stability.Module, r stability.Release) *stability.Engine {
	o := s.Stability()
	o.Release = r
	return stability.NewEngine(m, o)
}

// OpenClasspath opens paths with the limits, each class validated when the job first reads it
// (so it is inflated once). As archive.OpenClasspath, a usable classpath comes with the joined
// errors of what could not be read.
func (s *Setup) OpenClasspath(paths []string) (*archive.Classpath, error) {
	cp, err := archive.InputOptions{Limits: s.Limits, Validation: archive.ValidateDeferred}.OpenClasspath(paths)
	if cp != nil && s.Shared != nil {
		cp.SetShared(s.Shared)
	}
	return cp, err
}
