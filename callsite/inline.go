package callsite

import (
	"strings"

	"github.com/composestab/composestab/classfile"
)

// Kotlin marks inlined code with local variables: "$i$f$<function>" spans the body of an inline
// function inlined here, "$i$a$-<function>-<lambda class>" the body of a lambda inlined into it.
// The code between is the caller's: its calls are the caller's calls, and the markers are no
// names to show anyone. The inlined function's own lines are renumbered past the end of the
// caller's file (the SMAP maps them back), so a call there is placed at the line of the call of
// the inline function.

const (
	inlineFunctionMarker = "$i$f$"
	inlineLambdaMarker   = "$i$a$-"
)

// isInlineMarker reports a local variable name Kotlin gives inlined code.
func isInlineMarker(name string) bool {
	return strings.HasPrefix(name, inlineFunctionMarker) || strings.HasPrefix(name, "$i$a$")
}

// inlineRegion is the code one marker spans, [start, end) in offsets.
type inlineRegion struct {
	start, end int
	// own: the body of a lambda written in this class's source (its lambda class would be
	// nested in this class), or the inline function's own body in its own method: lines of the
	// file.
	own bool
}

// inlineRegions lists the marked regions of the method, once.
func (mc *Code) inlineRegions() []inlineRegion {
	if mc.regionsRead {
		return mc.regions
	}
	mc.regionsRead = true
	if mc.Method.Code == nil {
		return nil
	}
	cls := mc.Class.Name()
	cls = cls[strings.LastIndexByte(cls, '/')+1:]
	for _, v := range mc.Method.Code.LocalVariables() {
		if !isInlineMarker(v.Name) {
			continue
		}
		r := inlineRegion{start: int(v.StartPC), end: int(v.StartPC) + int(v.Length)}
		if strings.HasPrefix(v.Name, inlineLambdaMarker) {
			r.own = strings.Contains(v.Name, "-"+cls+"$") || strings.HasSuffix(v.Name, "-"+cls)
		} else {
			// An inline function's own method marks its own body too.
			r.own = v.Name == inlineFunctionMarker+mc.Method.Name
		}
		mc.regions = append(mc.regions, r)
	}
	return mc.regions
}

// ownCode reports whether the instruction at offset is the class's own source: outside every
// marked region, or inside one whose innermost region is a lambda of this class.
func (mc *Code) ownCode(offset int) bool {
	best := -1
	own := true
	for _, r := range mc.inlineRegions() {
		if offset >= r.start && offset < r.end && (best < 0 || r.end-r.start < best) {
			best, own = r.end-r.start, r.own
		}
	}
	return own
}

// CallLine is the source line of the call at offset as the caller's file numbers it: inside the
// body of an inlined function, the line of the nearest instruction before it that is the caller's
// own code (the call of the inline function); 0 without a line table.
func CallLine(mc *Code, offset int) int {
	if mc.ownCode(offset) {
		return LineAt(mc, offset)
	}
	i := mc.index(offset)
	for j := i - 1; j >= 0; j-- {
		if off := mc.Insns[j].Offset; mc.ownCode(off) {
			return LineAt(mc, off)
		}
	}
	return LineAt(mc, offset)
}

// index is the position of the instruction at offset, len(insns) when there is none.
func (mc *Code) index(offset int) int {
	lo, hi := 0, len(mc.Insns)
	for lo < hi {
		m := (lo + hi) / 2
		if mc.Insns[m].Offset < offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// InlinedComposableLambdas lists the composable lambdas inlined into code: the compiler counted
// each in its metrics before the inliner replaced it by its body. Kotlin marks an inlined
// lambda's body with a local "$i$a$-<function>-<lambda class>" (kotlinc's inline markers), and
// a composable lambda's body has the $composer parameter the Compose compiler gave it, whose
// scope ends with the marker's.
func InlinedComposableLambdas(code *classfile.Code) []string {
	vars := code.LocalVariables()
	// The lambda's own parameters end where its body does; the enclosing function's $composer is
	// a parameter, in scope from offset 0.
	ends := map[int]int{} // end of a lambda's $composer scope → the earliest start ending there
	for _, c := range vars {
		if c.Name == "$composer" && c.Descriptor == composerDesc && c.StartPC > 0 {
			end := int(c.StartPC) + int(c.Length)
			if start, ok := ends[end]; !ok || int(c.StartPC) < start {
				ends[end] = int(c.StartPC)
			}
		}
	}
	var out []string
	for _, v := range vars {
		if !strings.HasPrefix(v.Name, inlineLambdaMarker) {
			continue
		}
		if start, ok := ends[int(v.StartPC)+int(v.Length)]; ok && start <= int(v.StartPC) {
			out = append(out, v.Name)
		}
	}
	return out
}

// LineAt is the source line of the instruction at offset, 0 without a line table.
func LineAt(mc *Code, offset int) int {
	line := 0
	best := -1
	for _, l := range mc.Method.Code.Lines {
		if int(l.StartPC) <= offset && int(l.StartPC) > best {
			best, line = int(l.StartPC), int(l.Line)
		}
	}
	return line
}
