package scan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// moduleProducer names the release whose rules reproduce the module's own report. Metadata records
// only the Kotlin version's major.minor, so among that minor's releases it takes the one whose
// rules rebuild the module's $stable values and masks with the fewest differences from the bytes,
// the newest on a tie (2.1.0 and 2.1.20 differ on superclasses; 2.2.0 and 2.2.20 differ only in
// how the report names classes, which no byte records); the default release when no class
// tells.
func moduleProducer(u *stability.Universe, ev *evaluate.Evaluator, input string, classes []*stability.Class, s *Setup) stability.Release {
	count := map[[2]int]int{}
	var minor [2]int // the metadata version's major.minor most classes have, the newest on a tie
	for _, c := range classes {
		p := stability.ProducerOf(c)
		if !p.Compose || !p.Kotlin || p.Major == 0 {
			continue
		}
		v := [2]int{p.Major, p.Minor}
		count[v]++
		if minor == [2]int{} || count[v] > count[minor] || count[v] == count[minor] && slices.Compare(v[:], minor[:]) > 0 {
			minor = v
		}
	}
	best, bestDiff := stability.DefaultRelease(), -1
	for _, cand := range stability.ReleasesOf(minor[0], minor[1]) {
		e := s.EngineOf(u.Module(input), cand)
		diff := 0
		for _, c := range classes {
			d := c.Ensure()
			if d.Origin != stability.OriginKotlin || d.MetadataKind != metadata.KindClass || !d.HasStableField {
				continue
			}
			r := e.AnalyzeClass(c)
			v := ev.Stable(c.JVMName)
			if iv := inferredValue(ev, r); v.Err == nil && iv != nil && (*iv&evaluate.UnstableBit != 0) != (v.Value&evaluate.UnstableBit != 0) {
				diff++
			}
			if d.Inferred != nil && r.Processed && !r.Marked && r.Mask != *d.Inferred {
				diff++
			}
		}
		if bestDiff < 0 || diff <= bestDiff {
			best, bestDiff = cand, diff
		}
	}
	return best
}

// inferredValue is the $stable that the consumer's compiler would write for the class, with the
// other classes' $stable as the bytes hold them; nil when one of them is unknown.
func inferredValue(ev *evaluate.Evaluator, r *stability.ClassResult) *int32 {
	var v int32
	if r.Expr.Unstable {
		v = 8
	}
	for _, ref := range r.Expr.Refs {
		d := ev.Stable(ref.JVMName)
		if d.Err != nil {
			return nil
		}
		v |= d.Value
	}
	return &v
}

// drift compares what the bytes say with what the consumer's compiler would write.
func drift(ac *Class, prod stability.Producer, compiler stability.Release) string {
	var parts []string
	if ac.StableValue != nil && ac.InferredValue != nil {
		if written, inferred := *ac.StableValue&evaluate.UnstableBit != 0, *ac.InferredValue&evaluate.UnstableBit != 0; written != inferred {
			parts = append(parts, fmt.Sprintf("$stable written %s (%d)%s; Kotlin %s's rules infer %s, which would write %d",
				stableWord(written), *ac.StableValue, byWhom(prod), compiler, ac.Inferred, *ac.InferredValue))
		}
	}
	if ac.MaskMatches != nil && !*ac.MaskMatches {
		parts = append(parts, fmt.Sprintf("@StabilityInferred(parameters = %d) written%s; Kotlin %s's rules give %d",
			*ac.StabilityInferred, byWhom(prod), compiler, *ac.InferredMask))
	}
	return strings.Join(parts, "; ")
}

func stableWord(unstable bool) string {
	if unstable {
		return "unstable"
	}
	return "stable"
}

func byWhom(p stability.Producer) string {
	return " by " + p.Compiler()
}
