package composable

import (
	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/stability"
)

// This file counts what the compiler's -module.json reports: the feature flags read from the code
// shape and the call metrics.

// detectFeatures reads the feature flags from the code shape: the masks of the skipping
// preamble (strong skipping tests the unstable bit apart), how remember compiles, whether
// non-restartable bodies open a group, and how restartable bodies ask to skip.
func detectFeatures(bodies []*body, fns []*Function, defaults Features) Features {
	f := defaults
	strong, weak := 0, 0
	for _, b := range bodies {
		for _, m := range b.changedMasks {
			for s := 0; s < 10; s++ {
				switch m {
				case 6 << (3 * s):
					strong++
				case 14 << (3 * s):
					weak++
				}
			}
		}
	}
	if weak > strong {
		f.StrongSkipping = false
	}
	remembers, inlined, pausable, legacy := 0, 0, 0, 0
	for _, b := range bodies {
		remembers += b.rememberCalls
		inlined += b.rememberedValue
		if b.shouldExecute {
			pausable++
		}
		if b.getSkipping {
			legacy++
		}
	}
	if remembers > 0 && inlined == 0 {
		f.IntrinsicRemember = false
	}
	if legacy > pausable {
		f.PausableComposition = false
	}
	for _, fn := range fns {
		if !fn.Restartable && !fn.Readonly && !fn.Abstract && !fn.Open && !fn.Inline && !fn.Lambda {
			for _, b := range bodies {
				if b.replaceFirst && b.mc.Class.Name() == fn.Class && b.mc.Method.Name+b.mc.Method.Descriptor == fn.Method {
					f.OptimizeNonSkippingGroups = false
				}
			}
		}
	}
	return f
}

// metrics counts what the compiler's module metrics count.
func metrics(mod *Module, classes []*stability.ClassResult) Metrics {
	var m Metrics
	inc := func(n *int, on bool) {
		if on {
			*n++
		}
	}
	for _, f := range mod.Functions {
		m.TotalComposables++
		inc(&m.ReadonlyComposables, f.Readonly)
		inc(&m.SkippableComposables, f.Skippable)
		inc(&m.RestartableComposables, f.Restartable)
		inc(&m.RestartGroups, f.Restartable)
		m.TotalGroups += f.Groups
	}
	for _, a := range mod.Arguments {
		m.TotalArguments++
		inc(&m.CertainArguments, a.Certain)
		inc(&m.StaticArguments, a.Static)
		inc(&m.KnownStableArguments, a.Stability == ParamStable)
		inc(&m.KnownUnstableArguments, a.Stability == ParamUnstable)
		inc(&m.UnknownStableArguments, a.Stability == ParamRuntime)
	}
	for _, r := range classes {
		if !r.Processed {
			continue
		}
		m.TotalClasses++
		stable := !r.Marked && stability.KnownStable(r.Stability)
		inc(&m.MarkedStableClasses, r.Marked)
		inc(&m.InferredStableClasses, stable)
		inc(&m.EffectivelyStableClasses, r.Marked || stable)
		inc(&m.InferredUnstableClasses, !r.Marked && stability.KnownUnstable(r.Stability))
		inc(&m.InferredUncertainClasses, !r.Marked && !stable && !stability.KnownUnstable(r.Stability))
	}
	for _, l := range mod.Lambdas {
		m.TotalLambdas++
		inc(&m.ComposableLambdas, l.Composable)
		inc(&m.MemoizedLambdas, l.Memoized)
		inc(&m.SingletonComposableLambdas, l.Composable && l.Singleton)
		inc(&m.SingletonLambdas, !l.Composable && l.Singleton)
	}
	return m
}

// arguments lists what the compiler's call metrics record for each argument of a checked call:
// static and certain from the bits the caller passes, the stability from those bits where they
// tell it (a $stable read is a runtime stability, the unstable bit a known-unstable one) and
// otherwise from the argument's type. An argument left to its default value counts as stable.
// A site that could not be decoded gives none.
func arguments(sc *callsite.Check) []Argument {
	out := make([]Argument, 0, len(sc.Slots))
	for _, s := range sc.Slots {
		a := Argument{Stability: ParamStable}
		if !s.NotProvided {
			// Certain: the caller's own parameter. Its change state is forwarded, except for a
			// known-unstable one without strong skipping, which gets the unstable bit instead.
			a.Static = s.Compiler.Static
			a.Certain = !a.Static && (s.Compiler.Certain || s.Compiler.Unstable && s.FromParam)
			switch {
			case s.Compiler.Unstable:
				a.Stability = ParamUnstable
			case len(s.Compiler.Refs) > 0 || s.Stability == nil:
				a.Stability = ParamRuntime
			case stability.KnownUnstable(s.Stability):
				a.Stability = ParamUnstable
			case !stability.KnownStable(s.Stability):
				a.Stability = ParamRuntime
			}
			if a.Static {
				a.Stability = ParamStable
			}
		}
		out = append(out, a)
	}
	return out
}
