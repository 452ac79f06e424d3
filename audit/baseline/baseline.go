// Package baseline is the reviewable stability baseline that `composestab dump` writes and
// `composestab check` reads: one block per class with its verdict, stability, mask, $stable and
// fields, in a line-based text format with reversible escapes and an end trailer (see
// Baseline). New builds one from a scan; Read and Write are the text form.
package baseline

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/composestab/composestab/evaluate"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/stability"
)

// Version is the format version WriteText writes. Read also reads version 1, which had no end
// line.
const Version = 2

// ComposablesVersion is the format version of a baseline with composable blocks (Composable);
// one without them is written as Version, which older readers take.
const ComposablesVersion = 3

const baselineMagic = "composestab-baseline"

// Baseline is a reviewable record of a library's class stability, written by `composestab dump`
// and compared with fresh binaries by `composestab check`.
//
// Its text format, version 2 (version 3 adds the composable blocks described at Composable; both
// in docs/baseline.md), is meant to be committed and reviewed in pull requests, so it is
// line-oriented, sorted and free of machine-dependent paths:
//
//	# comments and blank lines are ignored anywhere
//	composestab-baseline 2              the first line that is neither; the format version
//	public class evo.lib.DependsOnDep   a block per class: visibility, kind, Kotlin FQN; blocks
//	                                    are sorted by name and each name appears once
//	  verdict runtime                   stable, unstable, runtime or uncertain (required)
//	  stability Runtime(Dep)            the compiler's <runtime stability>, "" printed as nothing
//	  analysis consumer                 only for classes of an input built without Compose: the
//	                                    stability a consumer infers; no field lines then
//	  compose false                     only when the class has neither $stable nor
//	                                    @StabilityInferred
//	  marked true                       only for a class with @Stable, @Immutable or a marker
//	  type-parameters K V               only for generic classes, in declaration order
//	  participating V                   the type parameters the stability depends on
//	  mask 0                            the @StabilityInferred parameters in the binary, if any
//	  $stable 0 = Dep.$stable           simulated value ("?" if unknown) = initializer, if any
//	  reads evo.dep.Dep = 0             each $stable the initializer reads, and its value
//	  field runtime val d: Dep = Runtime(Dep)
//	                                    one line per field in declaration order: verdict,
//	                                    val or var, name, type, the field's stability
//	end 36 classes                      the last line: the number of class blocks, so that a
//	                                    baseline cut short is an error, not a smaller baseline
//
// Indented lines belong to the class above them. Values run to the end of the line. Names and
// values are data read from class files: control characters, bidirectional controls and the
// backslash are written as Go escapes (\n, \x1b, \u202e, \\), and so are the characters that
// would end a part early (":" in a field name, "=" in a type, a stability or a read class, a
// space in a type parameter), so that no name can forge a line or a block. A $stable value
// depends on the classpath the dump ran with, so `check` should get the same --classpath.
type Baseline struct {
	// Classes are sorted by Name, each name once.
	Classes []*Class `json:"classes"`
	// Inputs are the base names of the scanned inputs; written as a comment only.
	Inputs []string `json:"inputs"`
	// Classpath is the classpath beside the inputs that the baseline was made with, written as
	// comments ("# Classpath: NAME sha256:HASH") and read back; empty in older baselines.
	Classpath []ClasspathEntry `json:"classpath,omitempty"`
	// Composables are sorted by Key, each key once; empty unless the dump read composables.
	Composables []*Composable `json:"composables,omitempty"`
}

// Class is the part of a scan.Class that a baseline keeps: what the binary says and what the
// inference concludes, without paths or reasons.
type Class struct {
	// Name is the Kotlin FQN; Kind and Visibility are spelled as Kotlin does.
	Name       string               `json:"name"`
	Kind       stability.ClassKind  `json:"kind"`
	Visibility stability.Visibility `json:"visibility"`
	// Verdict is "stable", "unstable" or "runtime", and Stability the compiler's rendering.
	Verdict   stability.Verdict `json:"verdict"`
	Stability string            `json:"stability"`
	// Consumer is a class of an input built without Compose: Stability is what a consumer
	// infers, and Fields and TypeParameters are unknown.
	Consumer bool `json:"consumer"`
	Compose  bool `json:"compose"`
	Marked   bool `json:"marked"`
	// TypeParameters are the declared type parameters, Participating those the stability
	// depends on; both nil when unknown or when the class has none.
	TypeParameters []string `json:"typeParameters"`
	Participating  []string `json:"participating"`
	// Mask is the @StabilityInferred parameters value in the binary, nil without it.
	Mask *int32 `json:"mask"`
	// StableField tells whether the class has a $stable field; StableValue is its simulated
	// value (nil if unknown) and StableExpr its initializer.
	StableField bool              `json:"stableField"`
	StableValue *int32            `json:"stableValue"`
	StableExpr  string            `json:"stableExpr"`
	Reads       []scan.StableRead `json:"reads"`
	Fields      []*scan.Field     `json:"fields"`

	// input is where the class was scanned from, for locations; baselines read from text have none.
	input string
	// why says, per field name, why the field's stability is what it is (scanned classes only).
	why map[string]string
}

// Error is a malformed line in a baseline.
type Error struct {
	// Line is 1-based; 0 means the error concerns the whole file.
	Line int
	Msg  string
}

// Error formats the error with its line number.
func (e *Error) Error() string {
	if e.Line == 0 {
		return "baseline: " + e.Msg
	}
	return fmt.Sprintf("baseline line %d: %s", e.Line, e.Msg)
}

// baselineVisible keeps the classes a baseline records: those the compiler processes or a
// consumer can name, so neither private nor local ones.
func baselineVisible(c *scan.Class) bool {
	return c.Visibility != stability.Private && c.Visibility != stability.Local
}

// New extracts the baseline of a report: every class except private and local ones,
// sorted by name. When two inputs hold a class of the same name, the first in the report's
// order (by JVM name, then input) is kept.
func New(rep *scan.Report) *Baseline {
	b := &Baseline{Classes: []*Class{}, Inputs: []string{}, Classpath: classpathOf(rep)}
	for _, in := range rep.Inputs {
		b.Inputs = append(b.Inputs, filepath.Base(in))
	}
	seen := map[string]bool{}
	for _, c := range rep.Classes {
		if !baselineVisible(c) || seen[c.Name] {
			continue
		}
		seen[c.Name] = true
		b.Classes = append(b.Classes, ClassOf(c))
	}
	sort.SliceStable(b.Classes, func(i, j int) bool { return b.Classes[i].Name < b.Classes[j].Name })
	b.Composables = composablesOf(rep)
	return b
}

// Input is where the class was scanned from, for locations; "" for a baseline read from text.
func (c *Class) Input() string { return c.input }

// Why says why the named field's stability is what it is: the deciding rule's sentence, ""
// for a baseline read from text.
func (c *Class) Why(field string) string { return c.why[field] }

// ClassOf is the baseline entry of one reported class.
func ClassOf(c *scan.Class) *Class {
	b := &Class{
		Name: c.Name, Kind: c.Kind, Visibility: c.Visibility, Verdict: c.Verdict, Stability: c.Stability,
		Consumer: c.Result() == nil, Compose: c.Compose, Marked: c.Marked,
		TypeParameters: c.TypeParameters(), Participating: c.Participating(),
		Mask: c.StabilityInferred, StableField: c.StableField, StableValue: c.StableValue, StableExpr: c.StableExpr,
		Reads: c.StableReads(), Fields: []*scan.Field{}, input: c.Input,
		why: map[string]string{},
	}
	if len(b.TypeParameters) == 0 {
		b.TypeParameters, b.Participating = nil, nil
	}
	for _, f := range c.Fields {
		g := *f
		b.Fields = append(b.Fields, &g)
	}
	if c.Result() != nil {
		for _, f := range c.Result().Fields {
			if w := f.Reason.DeepestSentence(); w != "" {
				b.why[f.Field.Name] = w
			}
		}
	}
	return b
}

// Write writes the baseline of a report in the text format described at Baseline.
func Write(w io.Writer, rep *scan.Report) error {
	return New(rep).WriteText(w)
}

// WriteText writes the baseline in the text format described at Baseline.
func (b *Baseline) WriteText(w io.Writer) error {
	var s strings.Builder
	s.WriteString("# Compose stability baseline, written by `composestab dump`; compare with `composestab check --baseline`.\n")
	s.WriteString("# Regenerate it when a change is intended, and review the diff like code.\n")
	if len(b.Inputs) > 0 {
		s.WriteString("# Inputs: " + strings.Join(b.Inputs, " ") + "\n")
	}
	hash(b.Classpath)
	for _, e := range b.Classpath {
		s.WriteString(e.line() + "\n")
	}
	version := Version
	if len(b.Composables) > 0 {
		version = ComposablesVersion
	}
	fmt.Fprintf(&s, "%s %d\n", baselineMagic, version)
	for _, c := range b.Classes {
		s.WriteString("\n")
		writeBaselineClass(&s, c)
	}
	for _, c := range b.Composables {
		s.WriteString("\n")
		writeComposable(&s, c)
	}
	if len(b.Composables) > 0 {
		fmt.Fprintf(&s, "\nend %s, %s\n", english.Plural(len(b.Classes), "class"), english.Plural(len(b.Composables), "composable"))
	} else {
		fmt.Fprintf(&s, "\nend %s\n", english.Plural(len(b.Classes), "class"))
	}
	_, err := io.WriteString(w, s.String())
	return err
}

func writeBaselineClass(s *strings.Builder, c *Class) {
	fmt.Fprintf(s, "%s %s %s\n", c.Visibility, c.Kind, escapePart(c.Name, ""))
	line := func(key, value string) {
		if value == "" {
			s.WriteString("  " + key + "\n")
			return
		}
		s.WriteString("  " + key + " " + value + "\n")
	}
	line("verdict", string(c.Verdict))
	line("stability", escapePart(c.Stability, ""))
	if c.Consumer {
		line("analysis", "consumer")
	}
	if !c.Compose {
		line("compose", "false")
	}
	if c.Marked {
		line("marked", "true")
	}
	if len(c.TypeParameters) > 0 {
		line("type-parameters", joinWords(c.TypeParameters))
		line("participating", joinWords(c.Participating))
	}
	if c.Mask != nil {
		line("mask", strconv.Itoa(int(*c.Mask)))
	}
	if c.StableField {
		line("$stable", ValueText(c.StableValue)+" = "+escapePart(c.StableExpr, ""))
	}
	for _, r := range c.Reads {
		line("reads", escapePart(r.Class, "=")+" = "+ValueText(r.Value))
	}
	for _, f := range c.Fields {
		text := fmt.Sprintf("%s %s %s: %s =", f.Verdict, ValVar(f.Var), escapePart(f.Name, ":"), escapePart(f.Type, "="))
		if f.Stability != "" {
			text += " " + escapePart(f.Stability, "=")
		}
		line("field", text)
	}
}

// escapePart is escape.Reversible that also escapes the characters in seps, which end the part
// in its line, and white space at either end of the part, which the reader's trimming of lines
// and values would drop (a class named "Foo " is not "Foo"). The backslash is already escaped,
// so the added escapes read back unambiguously.
func escapePart(s, seps string) string {
	s = escape.Reversible(s)
	rs := []rune(s)
	lo, hi := 0, len(rs)
	for lo < hi && unicode.IsSpace(rs[lo]) {
		lo++
	}
	for hi > lo && unicode.IsSpace(rs[hi-1]) {
		hi--
	}
	if !strings.ContainsAny(s, seps) && lo == 0 && hi == len(rs) {
		return s
	}
	var b strings.Builder
	for i, r := range rs {
		switch {
		case (i < lo || i >= hi) && r < 0x80, strings.ContainsRune(seps, r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case i < lo || i >= hi:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// joinWords writes a list of names separated by spaces, escaping the spaces within a name.
func joinWords(names []string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = escapePart(n, " ")
	}
	return strings.Join(parts, " ")
}

// splitWords reverses joinWords.
func splitWords(s string) ([]string, error) {
	words := strings.Fields(s)
	for i, w := range words {
		u, err := escape.Unescape(w)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", w, err)
		}
		words[i] = u
	}
	return words, nil
}

// unescapeValue reads a part written by escapePart or escape.Reversible.
func unescapeValue(what, s string) (string, error) {
	u, err := escape.Unescape(s)
	if err != nil {
		return "", fmt.Errorf("%s %q: bad escape: %v", what, s, err)
	}
	return u, nil
}

// ValVar is the keyword that declares a field: var or val.
func ValVar(isVar bool) string {
	if isVar {
		return "var"
	}
	return "val"
}

// ValueText is a $stable value or mask as the baseline writes it: "?" when unknown.
func ValueText(v *int32) string {
	if v == nil {
		return "?"
	}
	return strconv.Itoa(int(*v))
}

// StabilityText is a stability as the baseline writes it: "Stable" for the empty one.
func StabilityText(s string) string {
	if s == "" {
		return "Stable"
	}
	return s
}

// NotStableCauses lists, in words, what keeps the class from being stable.
func (c *Class) NotStableCauses() []string {
	var out []string
	if c.Consumer && !c.Compose {
		out = append(out, "not compiled with Compose")
	}
	for _, f := range c.Fields {
		switch {
		case f.Var:
			out = append(out, fmt.Sprintf("field `%s` is a var", f.Name))
		case f.Verdict == "unstable":
			out = append(out, fmt.Sprintf("field `%s: %s` is unstable", f.Name, f.Type))
		case f.Verdict == "runtime" && !strings.HasPrefix(f.Stability, "Parameter("):
			out = append(out, fmt.Sprintf("field `%s: %s` is %s", f.Name, f.Type, f.Stability))
		}
	}
	for _, p := range c.Participating {
		out = append(out, "type parameter "+p+" participates")
	}
	for _, r := range c.Reads {
		if r.Value != nil && *r.Value&evaluate.UnstableBit != 0 {
			out = append(out, fmt.Sprintf("reads `%s.$stable` = %d", r.Class, *r.Value))
		}
	}
	if len(out) > 0 {
		return out
	}
	// Nothing in the fields or the reads: what the class itself is, or what its bytes say.
	switch {
	case c.Kind == stability.KindInterface:
		out = append(out, "an interface: any implementation may be passed")
	case !c.Compose && !c.Consumer:
		out = append(out, "no @StabilityInferred: the Compose compiler did not infer it")
	case c.StableValue != nil && *c.StableValue&evaluate.UnstableBit != 0:
		out = append(out, fmt.Sprintf("its own `$stable` is %d: the compiler that built it could not prove it stable", *c.StableValue))
	case c.StableField && c.StableValue == nil:
		out = append(out, "its `$stable` cannot be computed")
	}
	return out
}
