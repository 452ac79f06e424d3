package composable

import (
	"strings"

	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/classfile"
)

// This file reads what the Compose compiler left in one method's bytecode: its groups, its
// skipping code, the parameters it reads, its default values, its composable calls and the
// lambdas it creates.

const (
	composerClass   = "androidx/compose/runtime/Composer"
	scopeUpdate     = "androidx/compose/runtime/ScopeUpdateScope"
	lambdaFactories = "androidx/compose/runtime/internal/ComposableLambdaKt"
	traceEventStart = "traceEventStart"
	checkNotNull    = "checkNotNullParameter"
	functionPrefix  = "kotlin/jvm/functions/Function"
	anonymousMarker = ".<anonymous> ("
)

// body is what one method's code shows.
type body struct {
	mc            *callsite.Code
	composerLocal int

	restartGroup, updateScope, shouldExecute, getSkipping, skipToGroupEnd, startDefaults bool
	// groups counts the replace and reusable group starts; movable groups (the vararg check,
	// key) are not groups the compiler's metrics record.
	groups int
	// replaceFirst is a replace group started before any other code: the body group of a
	// function compiled without OptimizeNonSkippingGroups.
	replaceFirst bool
	// rememberCalls counts calls of a remember function; rememberedValue reads of the
	// composer's slot table (IntrinsicRemember inlines remember into these).
	rememberCalls, rememberedValue int
	// trace is the traceEventStart name, such as "app.ShowString (Composables.kt:24)".
	trace string
	// endRestart is the index of the endRestartGroup call, -1 without one.
	endRestart int
	// reads are the locals read outside null checks and the restart lambda; in a function that
	// decides whether to skip, after the decision: the comparisons before it read a vararg whose
	// body never does (the compiler still reports it unused).
	reads map[int]bool
	// preReads are the locals read before the decision; varargs those whose length it reads.
	preReads, varargs map[int]bool
	// changedMasks are the constants the skipping preamble masks $changed with before comparing
	// a parameter (6 or 14 for slot 0, ...).
	changedMasks []int32
	// sites are the composable calls, restart calls included; lambdaCalls counts invocations
	// of composable lambdas (FunctionN.invoke with the composer).
	sites       []*callsite.Site
	lambdaCalls int
	lambdas     []Lambda

	// compares are the comparisons the skipping code makes before it decides (shouldExecute or
	// getSkipping), by the local of the parameter compared; decided is set from that call on,
	// so that changed() calls in the body (remember keys) are not taken for them.
	compares map[int]compareSet
	decided  bool
	// elements maps a local holding a vararg element in the comparison loop to the array's local.
	elements map[int]int
}

// compareSet is what the skipping code compares of one parameter.
type compareSet uint8

const (
	cmpEquals   compareSet = 1 << iota // changed(x), changed(x.ordinal()), changed(x.length), changed(x[i])
	cmpIdentity                        // changedInstance(x) or changedInstance(x[i])
	// cmpGuarded: a changed() call runs only while the caller's unstable bit is clear (its
	// guard's mask has the bit: strong skipping off).
	cmpGuarded
)

// unstableBits has the unstable bit of each of the ten slots of a $changed int.
const unstableBits = 0b1000 | 0b1000<<3 | 0b1000<<6 | 0b1000<<9 | 0b1000<<12 | 0b1000<<15 | 0b1000<<18 | 0b1000<<21 | 0b1000<<24 | 0b1000<<27

// comparison is what the skipping code does with the parameter in local.
func (b *body) comparison(local int) Comparison {
	if b == nil || !b.decided {
		return CompareNone
	}
	set := b.compares[local]
	switch {
	case set&cmpEquals != 0 && set&cmpIdentity != 0:
		return CompareByUnstableBit
	case set&cmpIdentity != 0:
		return CompareIdentity
	case set&cmpEquals != 0 && set&cmpGuarded != 0:
		return CompareUnlessUnstable
	case set&cmpEquals != 0:
		return CompareEquals
	}
	return CompareNone
}

// recordCompare notes the parameter compared by the changed or changedInstance call at
// insns[call].
func (b *body) recordCompare(call int, instance bool) {
	local, _, ok := b.comparedLocal(call)
	if !ok {
		return
	}
	set := cmpEquals
	if instance {
		set = cmpIdentity
	} else if m, ok := b.guardMask(call); ok && m&unstableBits != 0 && m&^unstableBits != 0 {
		set |= cmpGuarded
	}
	b.compares[local] |= set
}

// comparedWay says what of a parameter a changed call compares.
type comparedWay uint8

const (
	comparedValue   comparedWay = iota // the local as loaded
	comparedSize                       // an array's length (a vararg)
	comparedOrdinal                    // an enum's ordinal
	comparedElement                    // an element of a vararg array (a local stored from aaload)
)

// comparedLocal is the parameter (its local) whose value feeds the changed or changedInstance
// call at insns[call], and what of it is compared.
func (b *body) comparedLocal(call int) (int, comparedWay, bool) {
	insns := b.mc.Insns
	sp := b.mc.ArgSpans(call, 2, 0)[1]
	if !sp.OK() {
		// A nullable enum's ordinal is a branch the span walk does not cross.
		if local, ok := b.nullableOrdinal(call); ok {
			return local, comparedOrdinal, true
		}
		return 0, 0, false
	}
	if !insns[sp.Start].IsLoad() {
		return 0, 0, false
	}
	local := insns[sp.Start].Local()
	switch sp.End - sp.Start {
	case 1:
		if a, ok := b.elements[local]; ok {
			return a, comparedElement, true
		}
		return local, comparedValue, true
	case 2, 3:
		in := &insns[sp.End-1]
		if sp.End-sp.Start == 2 && in.Opcode == classfile.OpArraylength {
			return local, comparedSize, true
		}
		if sp.End-sp.Start == 3 && insns[sp.Start+1].Opcode != classfile.OpCheckcast {
			return 0, 0, false
		}
		if in.Opcode != classfile.OpInvokevirtual {
			return 0, 0, false
		}
		ref, err := b.mc.Class.Pool().MemberRef(in.Index)
		if err != nil || ref.Name != "ordinal" || ref.Descriptor != "()I" {
			return 0, 0, false
		}
		return local, comparedOrdinal, true
	}
	return 0, 0, false
}

// nullableOrdinal matches the argument the compiler builds for a parameter of a nullable enum
// type (a defaulted enum is one), changed(if (c == null) -1 else c.ordinal):
//
//	aload c; dup; ifnonnull L; pop; iconst_m1; goto M; L: [checkcast Enum;] invokevirtual ordinal()I; M: changed(I)
func (b *body) nullableOrdinal(call int) (int, bool) {
	insns := b.mc.Insns
	j := call - 1
	if j < 0 || insns[j].Opcode != classfile.OpInvokevirtual {
		return 0, false
	}
	if ref, err := b.mc.Class.Pool().MemberRef(insns[j].Index); err != nil || ref.Name != "ordinal" || ref.Descriptor != "()I" {
		return 0, false
	}
	j--
	if j >= 0 && insns[j].Opcode == classfile.OpCheckcast {
		j--
	}
	want := []classfile.Opcode{classfile.OpGoto, classfile.OpIconstM1, classfile.OpPop, classfile.OpIfnonnull, classfile.OpDup}
	for _, op := range want {
		if j < 0 || insns[j].Opcode != op {
			return 0, false
		}
		j--
	}
	if j < 0 || !insns[j].IsLoad() {
		return 0, false
	}
	return insns[j].Local(), true
}

// guardMask is the mask of the nearest test of a parameter slot before a call: iload; const M;
// iand; ifne, with M covering two or three bits of a slot. Single-bit tests in between are a
// $default bit or the unstable bit choosing between changed and changedInstance.
func (b *body) guardMask(call int) (int32, bool) {
	insns := b.mc.Insns
	for j := call - 1; j >= 2 && j > call-20; j-- {
		if insns[j].Opcode != classfile.OpIand || insns[j+1].Opcode != classfile.OpIfne || !insns[j-2].IsLoad() {
			continue
		}
		if c, ok := intConst(b.mc, &insns[j-1]); ok && c&(c-1) != 0 {
			return c, true
		}
	}
	return 0, false
}

// readBody decodes a method; nil when it has no code or the code cannot be decoded.
func readBody(c *classfile.Class, m *classfile.Method, composerLocal int, isLambdaClass func(string) bool) *body {
	if m.Code == nil {
		return nil
	}
	insns, err := m.Code.Instructions()
	if err != nil {
		return nil
	}
	mc := callsite.NewCode(c, m, insns)
	b := &body{mc: mc, composerLocal: composerLocal, endRestart: -1, reads: map[int]bool{}, preReads: map[int]bool{}, varargs: map[int]bool{}, compares: map[int]compareSet{}, elements: map[int]int{}}
	pool := c.Pool()
	inRemember := false
	for i := range insns {
		in := &insns[i]
		switch op := in.Opcode; {
		case op == classfile.OpLdc || op == classfile.OpLdcW:
			if k, err := pool.Constant(in.Index); err == nil {
				if s, ok := k.(string); ok && b.trace == "" && i+1 < len(insns) && b.nextIsTrace(i) {
					b.trace = s
				}
			}
		case in.IsLoad() && op != classfile.OpIaload:
			if op >= classfile.OpIaload && op <= classfile.OpSaload {
				break
			}
			idx := in.Local()
			if b.nullCheck(i) || (b.endRestart >= 0 && i > b.endRestart) {
				break
			}
			if b.decided {
				b.reads[idx] = true
			} else {
				b.preReads[idx] = true
				if i+1 < len(insns) && insns[i+1].Opcode == classfile.OpArraylength {
					b.varargs[idx] = true
				}
			}
		case in.IsStore() && i >= 3 && insns[i-1].Opcode >= classfile.OpIaload && insns[i-1].Opcode <= classfile.OpSaload && insns[i-3].IsLoad():
			// aload array; iload i; xaload; xstore x: x is an element of the array (a vararg's,
			// of objects or of primitives).
			b.elements[in.Local()] = insns[i-3].Local()
		case op == classfile.OpInvokedynamic:
			if l, ok := b.lambdaAt(i, inRemember); ok {
				b.lambdas = append(b.lambdas, l)
			}
		case op == classfile.OpNew:
			if cn, err := pool.ClassName(in.Index); err == nil && isLambdaClass != nil && isLambdaClass(cn) {
				b.lambdas = append(b.lambdas, Lambda{Memoized: inRemember})
			}
		case op == classfile.OpInvokeinterface || op == classfile.OpInvokevirtual || op == classfile.OpInvokestatic:
			ref, err := pool.MemberRef(in.Index)
			if err != nil {
				break
			}
			switch {
			case ref.Owner == composerClass:
				switch ref.Name {
				case "startRestartGroup":
					b.restartGroup = true
				case "endRestartGroup":
					b.endRestart = i
				case "shouldExecute":
					b.shouldExecute, b.decided = true, true
				case "getSkipping":
					b.getSkipping, b.decided = true, true
				case "skipToGroupEnd":
					b.skipToGroupEnd = true
				case "startDefaults":
					b.startDefaults = true
				case "startReplaceGroup", "startReplaceableGroup", "startReusableGroup":
					// A replace group opened before any call is the body group of a function
					// that is not restartable (open members, or OptimizeNonSkippingGroups off).
					if b.groups == 0 && !b.restartGroup && len(b.sites) == 0 && b.lambdaCalls == 0 {
						b.replaceFirst = true
					}
					b.groups++
				case "rememberedValue":
					b.rememberedValue++
					inRemember = true
				case "updateRememberedValue":
					inRemember = false
				case "changed", "changedInstance":
					b.changedMask(i)
					if !b.decided {
						b.recordCompare(i, ref.Name == "changedInstance")
					}
				}
			case ref.Owner == scopeUpdate && ref.Name == "updateScope":
				b.updateScope = true
			case strings.HasPrefix(ref.Owner, functionPrefix) && ref.Name == "invoke":
				if b.invokesComposableLambda(i, ref.Descriptor, composerLocal) {
					b.lambdaCalls++
				}
			case op == classfile.OpInvokestatic && ref.Name == "remember" && strings.HasPrefix(ref.Owner, "androidx/compose/runtime/"):
				b.rememberCalls++
			}
			// Calls of the runtime's own composables count too: rememberComposableLambda, which
			// the compiler substitutes for a capturing composable lambda before recording calls.
			if s, err := mc.SiteAt(i); err == nil && s != nil {
				b.sites = append(b.sites, s)
			}
		}
	}
	// Without a decision every read is the body's. With one, the preamble's reads of a vararg
	// array (its size and elements, compared) are not: the compiler reports a vararg the body
	// never reads unused, comparisons and all.
	for idx := range b.preReads {
		if !b.decided || !b.varargs[idx] {
			b.reads[idx] = true
		}
	}
	return b
}

// nextIsTrace reports that the constant at insns[i] is the name argument of traceEventStart.
func (b *body) nextIsTrace(i int) bool {
	in := &b.mc.Insns[i+1]
	if in.Opcode != classfile.OpInvokestatic {
		return false
	}
	ref, err := b.mc.Class.Pool().MemberRef(in.Index)
	return err == nil && ref.Name == traceEventStart
}

// nullCheck reports the parameter null check aload; ldc "name"; checkNotNullParameter.
func (b *body) nullCheck(i int) bool {
	insns := b.mc.Insns
	if i+2 >= len(insns) || (insns[i+1].Opcode != classfile.OpLdc && insns[i+1].Opcode != classfile.OpLdcW) || insns[i+2].Opcode != classfile.OpInvokestatic {
		return false
	}
	ref, err := b.mc.Class.Pool().MemberRef(insns[i+2].Index)
	return err == nil && ref.Name == checkNotNull
}

// changedMask records the mask of the test guarding a changed call: iload $changed; const;
// iand; ifne L (the parameter's own state is computed only while nothing is known).
func (b *body) changedMask(call int) {
	insns := b.mc.Insns
	for j := call - 1; j >= 3 && j > call-12; j-- {
		if insns[j].Opcode == classfile.OpIand && (insns[j+1].Opcode == classfile.OpIfne) {
			if c, ok := intConst(b.mc, &insns[j-1]); ok && insns[j-2].IsLoad() {
				b.changedMasks = append(b.changedMasks, c)
			}
			return
		}
	}
}

// lambdaAt classifies the lambda an invokedynamic creates; false for the restart lambda given to
// updateScope and for anything that is not a Kotlin function object.
func (b *body) lambdaAt(i int, inRemember bool) (Lambda, bool) {
	insns := b.mc.Insns
	k, err := b.mc.Class.Pool().Constant(insns[i].Index)
	d, ok := k.(classfile.Dynamic)
	if err != nil || !ok || !strings.Contains(d.Descriptor, ")L"+functionPrefix) {
		return Lambda{}, false
	}
	for j := i + 1; j < len(insns) && j <= i+3; j++ {
		if insns[j].Opcode != classfile.OpInvokeinterface && insns[j].Opcode != classfile.OpInvokestatic {
			continue
		}
		ref, err := b.mc.Class.Pool().MemberRef(insns[j].Index)
		if err != nil {
			continue
		}
		if ref.Owner == scopeUpdate {
			return Lambda{}, false
		}
		if ref.Owner == lambdaFactories {
			return Lambda{Composable: true, Memoized: true}, true
		}
	}
	return Lambda{Memoized: inRemember}, true
}

// invokesComposableLambda reports FunctionN.invoke(…, composer, Integer.valueOf(changed)).
func (b *body) invokesComposableLambda(i int, desc string, composerLocal int) bool {
	params, _, ok := classfile.ParseMethodDescriptor(desc)
	if !ok || len(params) < 2 {
		return false
	}
	spans := b.mc.ArgSpans(i, len(params)+1, 0)
	sp := spans[len(spans)-2]
	if !sp.OK() || sp.End-sp.Start != 1 {
		return false
	}
	in := &b.mc.Insns[sp.Start]
	return in.Opcode >= classfile.OpAload && in.Opcode <= classfile.OpAload3 && in.IsLoad() && in.Local() == composerLocal
}

// intConst is the value of an int constant instruction.
func intConst(mc *callsite.Code, in *classfile.Instruction) (int32, bool) {
	return in.IntConst(mc.Class.Pool())
}

// defaultOf finds the assignment of a parameter's default value: iload $default; const bit;
// iand; ifeq L; <expr>; store param. It returns the expression's instructions and whether the
// skipping code marks the slot static ($dirty |= 0b011 << (3·slot+1)) under the same bit.
func (b *body) defaultOf(defaultLocal int, bit int32, paramLocal, slot int) (expr []classfile.Instruction, static, found bool) {
	insns := b.mc.Insns
	for i := 0; i+3 < len(insns); i++ {
		if !insns[i].IsLoad() || insns[i].Local() != defaultLocal {
			continue
		}
		c, ok := intConst(b.mc, &insns[i+1])
		if !ok || c != bit || insns[i+2].Opcode != classfile.OpIand || insns[i+3].Opcode != classfile.OpIfeq {
			continue
		}
		// The static marker: iload $dirty; const; ior; istore $dirty.
		if i+7 < len(insns) && insns[i+6].Opcode == classfile.OpIor {
			if v, ok := intConst(b.mc, &insns[i+5]); ok && v == 3<<(3*(slot%10)+1) {
				static = true
				continue
			}
		}
		target := int(insns[i+3].Int)
		for j := i + 4; j < len(insns) && insns[j].Offset < target; j++ {
			if insns[j].IsStore() && insns[j].Local() == paramLocal {
				if !found {
					expr, found = insns[i+4:j], true
				}
				break
			}
		}
	}
	return expr, static, found
}

// calls counts the composable calls the compiler recorded: calls of composable functions other
// than the restart call, and invocations of composable lambdas.
func (b *body) calls() int {
	n := b.lambdaCalls
	for _, s := range b.sites {
		if s.Status != callsite.Restart {
			n++
		}
	}
	return n
}
