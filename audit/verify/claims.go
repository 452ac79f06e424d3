package verify

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/evaluate"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/stability"
)

// finding is one violation of a class; severity, when set, overrides the rule's.
type finding struct {
	rule, part, msg string
	severity        string
}

// claimFindings checks the fields of a class that claims stability against the claim.
func (vf *verifier) claimFindings(r *stability.ClassResult) []finding {
	claim, immutable := stableClaim(r)
	if claim == "" {
		return nil
	}
	var out []finding
	lie := func(fld *stability.Field, what, fix string) {
		out = append(out, finding{rule: RuleStableClaimMutable, part: "field " + fld.Name, msg: fmt.Sprintf("%s, but %s. Fix: %s", claim, what, fix)})
	}
	for _, f := range r.Fields {
		fld := f.Field
		t := fld.Type
		switch {
		case fld.Var && !fld.Delegated && !fld.Bare:
			where, ok := vf.reassigned(r.Class, fld.Name)
			if !ok {
				continue // assigned during construction only: a val in all but name
			}
			if isSnapshotState(t) {
				lie(fld, fmt.Sprintf("var `%s: %s` holds snapshot state and is reassigned%s: readers of the old state never see the new one", fld.Name, t, where),
					fmt.Sprintf("make `%s` a val and assign its `.value`", fld.Name))
			} else if v := fld.Visibility; v == stability.Internal || v == stability.Private {
				// The contract is about what other modules observe: an internal or private var
				// is seen only through what the class makes of it, so it ranks below a public one.
				lie(fld, fmt.Sprintf("the %s var `%s` is reassigned%s: no other module reads it, but what the class computes from it changes unobserved", v, fld.Name, where),
					varFix(fld.Name, immutable))
				out[len(out)-1].severity = SeverityWarning
			} else {
				lie(fld, fmt.Sprintf("`%s` is a plain var, reassigned%s: the runtime cannot observe the change", fld.Name, where),
					varFix(fld.Name, immutable))
			}
			continue
		case fld.Var && fld.Delegated:
			prop := strings.TrimSuffix(fld.Name, "$delegate")
			switch {
			case !isSnapshotState(t):
				lie(fld, fmt.Sprintf("var `%s` is delegated to %s, which is not snapshot state: the runtime cannot observe the change", prop, t),
					fmt.Sprintf("delegate it to snapshot state (`var %s by mutableStateOf(…)`)", prop))
			case immutable:
				lie(fld, fmt.Sprintf("var `%s` is delegated to snapshot state, so it changes", prop),
					"mark the class @Stable (changes are observed) instead of @Immutable")
			}
			continue
		}
		// A val, a delegated val or an interface-delegation field: what it holds.
		if immutable && isSnapshotState(t) {
			lie(fld, fmt.Sprintf("`%s: %s` holds snapshot state, whose value changes", fld.Name, t),
				"mark the class @Stable (changes are observed) instead of @Immutable")
			continue
		}
		if what := mutableType(t); what != "" && !vf.snapshotBacked(r.Class, fld.Name) {
			lie(fld, fmt.Sprintf("`%s: %s` is %s, whose contents can change unobserved", fld.Name, t, what),
				"hold an immutable or read-only collection, or snapshot state (mutableStateListOf, mutableStateMapOf)")
			continue
		}
		if stability.KnownStable(f.Stability) || t == nil || t.Class == nil {
			continue
		}
		if cause := vf.mutableCause(t.Class, 0); cause != "" {
			lie(fld, fmt.Sprintf("`%s: %s` holds %s, %s", fld.Name, t, t.Class.FqName(), cause),
				fmt.Sprintf("make %s immutable or back its state with snapshot state", t.Class.FqName()))
			continue
		}
		if msg := vf.unproven(f, claim); msg != "" {
			out = append(out, finding{rule: RuleStableClaimUnproven, part: "field " + fld.Name, msg: msg})
		}
	}
	return out
}

func varFix(name string, immutable bool) string {
	if immutable {
		return fmt.Sprintf("make `%s` a val", name)
	}
	return fmt.Sprintf("make `%s` a val, or snapshot state (`var %s by mutableStateOf(…)`)", name, name)
}

// unproven describes a field whose type the compiler cannot prove stable, "" when the type
// depends only on type arguments or a class whose $stable is not known to be unstable.
func (vf *verifier) unproven(f stability.FieldResult, claim string) string {
	s := stability.Normalize(f.Stability)
	var culprit string
	switch {
	case stability.KnownUnstable(s):
		culprit = culpritOf(f.Reason)
	case hasUnknown(s):
		stability.ForEach(s, func(leaf stability.Stability) {
			if u, ok := leaf.(stability.Unknown); ok && culprit == "" && u.Class != nil {
				culprit = u.Class.FqName()
			}
		})
	default:
		x := unstableRuntimeLeaf(s, vf.byJVM)
		if x == nil {
			return ""
		}
		culprit = x.Name
	}
	if culprit == "" {
		culprit = f.Field.Type.String()
	}
	why := f.Reason.DeepestSentence()
	if why == "" {
		why = "it is " + s.String()
	}
	prove := fmt.Sprintf("an entry `%s` in the stability configuration file (stabilityConfigurationPath) of the module that builds this class", culprit)
	if c := vf.byJVM[jvmOf(culprit, vf)]; c != nil {
		prove += fmt.Sprintf(", or @Immutable or @Stable on %s, would prove it", culprit)
	} else {
		prove += " would prove it"
	}
	return fmt.Sprintf("%s; field `%s: %s` is not provably stable: %s; nothing shows it changes. Fix, if it never changes: %s",
		claim, f.Field.Name, f.Field.Type, why, prove)
}

// jvmOf finds the JVM name of a scanned class by its dotted name.
func jvmOf(dotted string, vf *verifier) string {
	for n, c := range vf.byJVM {
		if c.Name == dotted {
			return n
		}
	}
	return ""
}

func hasUnknown(s stability.Stability) bool {
	found := false
	stability.ForEach(s, func(leaf stability.Stability) {
		if _, ok := leaf.(stability.Unknown); ok {
			found = true
		}
	})
	return found
}

// culpritOf follows the unstable chain of a reason tree down to the class that decided it.
func culpritOf(r *stability.Reason) string {
	name := ""
	for depth := 0; r != nil && depth < 8; depth++ {
		switch r.Rule {
		case stability.RuleNotCompose, stability.RuleJava, stability.RuleInterface, stability.RuleMissing, stability.RuleRuntime,
			stability.RuleFields, stability.RuleOpenClass:
			if r.Subject != "" && !strings.ContainsAny(r.Subject, " <") {
				name = r.Subject
			}
		}
		var next *stability.Reason
		for _, c := range r.Because {
			if c != nil && stability.KnownUnstable(stability.Normalize(c.Stability)) {
				next = c
				break
			}
		}
		r = next
	}
	return name
}

// unstableRuntimeLeaf returns the first class of a Runtime(...) leaf of s that the scan found
// with the unstable bit in its $stable.
func unstableRuntimeLeaf(s stability.Stability, byJVM map[string]*scan.Class) *scan.Class {
	var found *scan.Class
	stability.ForEach(s, func(leaf stability.Stability) {
		rt, ok := leaf.(stability.Runtime)
		if !ok || found != nil || rt.Class == nil {
			return
		}
		if c := byJVM[rt.Class.JVMName]; c != nil && c.StableValue != nil && *c.StableValue&evaluate.UnstableBit != 0 {
			found = c
		}
	})
	return found
}

// Snapshot state: what the runtime observes.
var snapshotTypes = map[string]bool{
	"androidx/compose/runtime/State":                          true,
	"androidx/compose/runtime/MutableState":                   true,
	"androidx/compose/runtime/snapshots/StateObject":          true,
	"androidx/compose/runtime/snapshots/SnapshotMutableState": true,
}

// isSnapshotState reports whether values of t are snapshot state: State, MutableState or a
// snapshot StateObject, or a subtype.
func isSnapshotState(t *stability.Type) bool {
	if t == nil || t.Class == nil {
		return false
	}
	return subtypeOf(t.Class, snapshotTypes, 0)
}

func subtypeOf(c *stability.Class, names map[string]bool, depth int) bool {
	if c == nil || depth > 16 {
		return false
	}
	d := c.Ensure()
	if names[c.Name] || names[c.JVMName] {
		return true
	}
	for _, s := range d.Supertypes {
		if s != nil && subtypeOf(s.Class, names, depth+1) {
			return true
		}
	}
	return false
}

// Collection types whose contents can change: Kotlin's mutable interfaces and the JDK's
// mutable implementations (Kotlin's ArrayList and HashMap are these).
var mutableCollections = map[string]bool{
	"kotlin/collections/MutableIterable": true, "kotlin/collections/MutableCollection": true,
	"kotlin/collections/MutableList": true, "kotlin/collections/MutableSet": true, "kotlin/collections/MutableMap": true,
	"kotlin/collections/MutableIterator": true, "kotlin/collections/MutableListIterator": true,
	"kotlin/collections/ArrayList": true, "kotlin/collections/HashMap": true, "kotlin/collections/LinkedHashMap": true,
	"kotlin/collections/HashSet": true, "kotlin/collections/LinkedHashSet": true, "kotlin/collections/ArrayDeque": true,
	"java/util/ArrayList": true, "java/util/LinkedList": true, "java/util/HashMap": true, "java/util/LinkedHashMap": true,
	"java/util/TreeMap": true, "java/util/HashSet": true, "java/util/LinkedHashSet": true, "java/util/TreeSet": true,
	"java/util/ArrayDeque": true, "java/util/Vector": true, "java/util/Stack": true,
	"java/util/concurrent/ConcurrentHashMap": true, "java/util/concurrent/CopyOnWriteArrayList": true,
}

// mutableSupertype is the first mutable collection type among c's supertypes, direct or not
// (MutableScatterMap.MutableMapWrapper implements kotlin.collections.MutableMap), by internal
// name; "" when none is. c itself does not count: mutableType says that.
func mutableSupertype(c *stability.Class) string {
	seen := map[*stability.Class]bool{c: true}
	queue := []*stability.Class{c}
	for len(queue) > 0 && len(seen) < 256 {
		next := queue[0]
		queue = queue[1:]
		for _, s := range stability.DirectSupertypes(next) {
			if seen[s] {
				continue
			}
			seen[s] = true
			s.Ensure()
			if mutableCollections[s.Name] || mutableCollections[s.JVMName] {
				return s.Name
			}
			queue = append(queue, s)
		}
	}
	return ""
}

// mutableType names what makes values of t mutable: "a mutable collection", "an array", or "".
func mutableType(t *stability.Type) string {
	if t == nil || t.Class == nil {
		return ""
	}
	t.Class.Ensure() // a shell learns its Kotlin name as it loads
	n := t.Class.Name
	switch {
	case mutableCollections[n] || mutableCollections[t.Class.JVMName]:
		return "a mutable collection"
	case n == "kotlin/Array" || strings.HasPrefix(n, "kotlin/") && strings.HasSuffix(n, "Array") && !strings.Contains(n[len("kotlin/"):], "/"):
		return "an array"
	}
	return ""
}

// mutableCause says how instances of c change unobserved — "whose var `n` is reassigned (in
// setN)" — or "" when nothing shows it: c is not a Kotlin class read from an input, is
// decided stable by kind or marker, or its fields are vals of such classes. It follows val
// fields a few classes deep.
func (vf *verifier) mutableCause(c *stability.Class, depth int) string {
	cause, _ := vf.mutableCauseOf(c, depth)
	return cause
}

// mutableCauseOf is mutableCause and whether the answer holds whatever the walk that asked: a
// cause found always does; "" does only when no field's answer was cut short by the depth limit
// or by a class still being judged further up (a cycle). Only such answers are remembered, so
// the verdict on a class never depends on which line or claim asked first.
func (vf *verifier) mutableCauseOf(c *stability.Class, depth int) (string, bool) {
	if c == nil {
		return "", true
	}
	if depth > 3 {
		return "", false
	}
	key := c.JVMName
	if key == "" {
		return "", true
	}
	if m := vf.mutable[key]; m != nil {
		return *m, true
	}
	if vf.judging[key] {
		return "", false
	}
	vf.judging[key] = true
	defer delete(vf.judging, key)
	d := c.Ensure()
	cause, complete := "", true
	if s := mutableSupertype(c); s != "" && d.Input != "" && !markedStable(c) {
		// A view or wrapper whose put, remove or add changes what it holds.
		cause = "which implements " + strings.ReplaceAll(s, "/", ".") + ", a mutable collection"
		vf.mutable[key] = &cause
		return cause, true
	}
	if d.Origin == stability.OriginKotlin && d.Kind == stability.KindClass && d.Input != "" && !markedStable(c) {
		for _, f := range d.Fields {
			t := f.Type
			switch {
			case f.Var && !f.Delegated && !f.Bare:
				if where, ok := vf.reassigned(c, f.Name); ok {
					cause = fmt.Sprintf("whose var `%s` is reassigned%s", f.Name, where)
				}
			case f.Var && f.Delegated && !isSnapshotState(t):
				cause = fmt.Sprintf("whose var `%s` is delegated to %s, not snapshot state", strings.TrimSuffix(f.Name, "$delegate"), t)
			case mutableType(t) != "" && !vf.snapshotBacked(c, f.Name):
				cause = fmt.Sprintf("whose field `%s: %s` is %s", f.Name, t, mutableType(t))
			case !f.Var && t != nil && t.Class != nil:
				inner, ok := vf.mutableCauseOf(t.Class, depth+1)
				complete = complete && ok
				if inner != "" {
					cause = fmt.Sprintf("whose field `%s` holds %s, %s", f.Name, t.Class.FqName(), inner)
				}
			}
			if cause != "" {
				break
			}
		}
	}
	if d.Origin == stability.OriginJava && d.Kind == stability.KindClass && d.Input != "" && !markedStable(c) {
		cause = vf.javaMutableCause(c)
	}
	if cause != "" || complete {
		vf.mutable[key] = &cause
	}
	return cause, cause != "" || complete
}

// javaMutableCause says how instances of a Java class change: a non-final field written after
// construction (or open to writes from outside), or a final one holding an array or a mutable
// collection; "" when nothing shows it.
func (vf *verifier) javaMutableCause(c *stability.Class) string {
	cf := vf.classFile(c)
	if cf == nil {
		return ""
	}
	for _, fd := range cf.Fields() {
		if fd.Access&(classfile.AccStatic|classfile.AccSynthetic) != 0 {
			continue
		}
		if fd.Access&classfile.AccFinal == 0 {
			if where, ok := vf.reassigned(c, fd.Name); ok {
				return fmt.Sprintf("whose field `%s` is not final and is written after construction%s", fd.Name, where)
			}
			continue
		}
		n, isClass := classfile.DescriptorClass(fd.Descriptor)
		switch {
		case strings.HasPrefix(fd.Descriptor, "["):
			return fmt.Sprintf("whose field `%s` is an array", fd.Name)
		case isClass && mutableCollections[n]:
			return fmt.Sprintf("whose field `%s` is a mutable collection (%s)", fd.Name, strings.ReplaceAll(n, "/", "."))
		}
	}
	return ""
}

// markedStable is a class with a stable marker on itself: its own claim is checked on its own.
func markedStable(c *stability.Class) bool {
	for _, a := range c.Ensure().Annotations {
		switch a.JVMName {
		case "androidx/compose/runtime/Stable", "androidx/compose/runtime/Immutable", "com/google/errorprone/annotations/Immutable":
			return true
		}
		for _, m := range a.Ensure().Annotations {
			if m.JVMName == "androidx/compose/runtime/StableMarker" {
				return true
			}
		}
	}
	return false
}

// fieldWrites are the bytecode facts about one class's own fields (classfile.FieldWrites), and
// whether its class file could not be read or decoded.
type fieldWrites struct {
	*classfile.FieldWrites
	err bool
}

// reassigned reports whether the field is (or may be) stored after construction, and where:
// " (in setX, reset)", " (the field is not private)", or "" when the class file cannot be read.
func (vf *verifier) reassigned(c *stability.Class, field string) (string, bool) {
	w := vf.fieldWrites(c)
	switch {
	case w.err:
		return "", true
	case len(w.After[field]) > 0:
		ms := w.After[field]
		if len(ms) > 3 {
			ms = append(ms[:3:3], "…")
		}
		return " (in " + strings.Join(ms, ", ") + ")", true
	case w.Open[field]:
		return " (the field is not private)", true
	}
	return "", false
}

// snapshotBacked reports whether a constructor stores a Compose runtime call's result into field
// (mutableStateListOf(), …): a snapshot-backed collection.
func (vf *verifier) snapshotBacked(c *stability.Class, field string) bool {
	for _, owner := range vf.fieldWrites(c).InitCalls[field] {
		if strings.HasPrefix(owner, "androidx/compose/runtime/") {
			return true
		}
	}
	return false
}

func (vf *verifier) fieldWrites(c *stability.Class) *fieldWrites {
	if w := vf.writes[c.JVMName]; w != nil {
		return w
	}
	w := &fieldWrites{FieldWrites: &classfile.FieldWrites{}}
	vf.writes[c.JVMName] = w
	if cf := vf.classFile(c); cf == nil {
		w.err = true
	} else {
		fw, err := cf.FieldWrites()
		w.FieldWrites, w.err = fw, err != nil
	}
	return w
}

// classFile reads c's class file from the scan's classpath, nil when it cannot: the class the
// scan modelled is the classpath's first definition of its name.
func (vf *verifier) classFile(c *stability.Class) *classfile.Class {
	if vf.cp == nil || c.Ensure().Input == "" {
		return nil
	}
	cf, err := vf.cp.Class(c.JVMName)
	if err != nil {
		return nil
	}
	return cf
}

// stableClaim says how a class claims to be stable, "" if it does not, and whether the claim
// is @Immutable (which rules out every change, even one snapshot state would observe).
func stableClaim(r *stability.ClassResult) (string, bool) {
	c := r.Class
	if c == nil {
		return "", false
	}
	if r.Marked {
		annotations := c.Ensure().Annotations
		for _, a := range annotations {
			switch a.Name {
			case "androidx/compose/runtime/Immutable", "com/google/errorprone/annotations/Immutable":
				return "claims stable (@Immutable)", true
			case "androidx/compose/runtime/Stable":
				return "claims stable (@Stable)", false
			}
		}
		for _, a := range annotations {
			for _, m := range a.Ensure().Annotations {
				if m.Name == "androidx/compose/runtime/StableMarker" {
					return "claims stable (@" + a.SimpleName() + ")", false
				}
			}
		}
		return "claims stable (stable marker)", false
	}
	if r.Reason != nil && r.Reason.Rule == stability.RuleStableMarker {
		return "claims stable through a supertype's stable marker", false
	}
	return "", false
}
