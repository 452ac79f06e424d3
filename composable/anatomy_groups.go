package composable

import (
	"fmt"
	"strings"

	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/classfile"
)

// This file reads a composable body's preamble (what it compares, under which masks), its skip
// decision, its groups and its restart lambda, for Anatomize.

// preamble is what the code before the skip decision does with the parameters.
type preamble struct {
	decide int // index of the shouldExecute or getSkipping call, -1 without one
	params map[int]*paramCmp
	// defaultMarks are the $dirty bits OR'ed in when a $default bit is set, by $default local and
	// bit.
	defaultMarks map[defaultKey]int32
	names        map[int]string // local names from the LocalVariableTable
}

type paramCmp struct {
	calls       []string
	guard       int32 // the mask that must be 0 for the comparison to run
	guardLocal  int
	instanceBit int32 // the single bit choosing changedInstance
}

type defaultKey struct {
	local int
	bit   int32
}

func readPreamble(b *body) *preamble {
	insns := b.mc.Insns
	pool := b.mc.Class.Pool()
	pre := &preamble{decide: -1, params: map[int]*paramCmp{}, defaultMarks: map[defaultKey]int32{}, names: map[int]string{}}
	for _, v := range b.mc.Method.Code.LocalVariables() {
		if _, ok := pre.names[int(v.Index)]; !ok {
			pre.names[int(v.Index)] = v.Name
		}
	}
	for i := range insns {
		if insns[i].Opcode == classfile.OpInvokeinterface {
			if ref, err := pool.MemberRef(insns[i].Index); err == nil && ref.Owner == composerClass && (ref.Name == "shouldExecute" || ref.Name == "getSkipping") {
				pre.decide = i
				break
			}
		}
	}
	if pre.decide < 0 {
		return pre
	}
	for i := 0; i < pre.decide; i++ {
		in := &insns[i]
		// iload $default; const bit; iand; ifeq L; iload $dirty; const V; ior; istore $dirty
		if in.IsLoad() && i+7 < pre.decide && insns[i+2].Opcode == classfile.OpIand && insns[i+3].Opcode == classfile.OpIfeq &&
			insns[i+4].IsLoad() && insns[i+6].Opcode == classfile.OpIor && insns[i+7].IsStore() {
			bit, ok1 := intConst(b.mc, &insns[i+1])
			v, ok2 := intConst(b.mc, &insns[i+5])
			if ok1 && ok2 && bit&(bit-1) == 0 {
				pre.defaultMarks[defaultKey{in.Local(), bit}] = v
			}
		}
		if in.Opcode != classfile.OpInvokeinterface {
			continue
		}
		ref, err := pool.MemberRef(in.Index)
		if err != nil || ref.Owner != composerClass || (ref.Name != "changed" && ref.Name != "changedInstance") {
			continue
		}
		local, way, ok := b.comparedLocal(i)
		if !ok {
			continue
		}
		pc := pre.params[local]
		if pc == nil {
			pc = &paramCmp{guardLocal: -1}
			pre.params[local] = pc
		}
		ps, _, _ := classfile.ParseMethodDescriptor(ref.Descriptor)
		arg := ""
		if len(ps) == 1 {
			arg = javaType(ps[0])
			arg = arg[strings.LastIndexByte(arg, '.')+1:]
		}
		call := ref.Name + "(" + arg + ")"
		switch way {
		case comparedSize:
			call = "size: " + call
		case comparedOrdinal:
			call = "ordinal: " + call
		case comparedElement:
			call = "element: " + call
		}
		if len(pc.calls) == 0 || pc.calls[len(pc.calls)-1] != call {
			pc.calls = append(pc.calls, call)
		}
		for j := i - 1; j >= 2 && j > i-24; j-- {
			if insns[j].Opcode != classfile.OpIand || (insns[j+1].Opcode != classfile.OpIfne && insns[j+1].Opcode != classfile.OpIfeq) || !insns[j-2].IsLoad() {
				continue
			}
			c, ok := intConst(b.mc, &insns[j-1])
			if !ok {
				continue
			}
			if c&(c-1) != 0 {
				if pc.guard == 0 {
					pc.guard, pc.guardLocal = c, insns[j-2].Local()
				}
				break
			}
			if c&unstableBits != 0 && pc.instanceBit == 0 {
				pc.instanceBit = c
			}
		}
	}
	return pre
}

// localName names an int local of the preamble: a $changed parameter, or its LocalVariableTable
// name ($dirty).
func localName(pre *preamble, local int, changedLocal func(int) int, nChanged int) string {
	for k := 0; k < nChanged; k++ {
		if changedLocal(k) == local {
			return changedName(k)
		}
	}
	if n, ok := pre.names[local]; ok {
		return n
	}
	return fmt.Sprintf("local%d", local)
}

// decisionOf renders the skip decision's operands from the masks tested before the call.
func decisionOf(b *body, pre *preamble, changedLocal func(int) int, nChanged int) *Decision {
	if pre == nil || pre.decide < 0 {
		return nil
	}
	insns := b.mc.Insns
	ref, _ := b.mc.Class.Pool().MemberRef(insns[pre.decide].Index)
	d := &Decision{Call: ref.Name}
	var tests []string
	receiver := -1
	add := func(j int, t string) {
		if j < receiver {
			d.Before = append([]string{t}, d.Before...)
		} else {
			tests = append([]string{t}, tests...)
		}
	}
	// The call's receiver is the nearest load of the Composer before it (its operands load ints
	// only); a test made before that load decides whether the call is made at all.
	if d.Call == "shouldExecute" {
		for j := pre.decide - 1; j >= 0 && j > pre.decide-40; j-- {
			if in := &insns[j]; in.Opcode >= classfile.OpAload && in.Opcode <= classfile.OpAload3 && in.IsLoad() && in.Local() == b.composerLocal {
				receiver = j
				break
			}
		}
	}
	for j := pre.decide - 1; j >= 4 && j > pre.decide-40; j-- {
		op := insns[j].Opcode
		if op == classfile.OpInvokeinterface || op == classfile.OpInvokestatic || op == classfile.OpInvokevirtual || insns[j].IsStore() {
			break // the operands are computed after the preamble's last call and store
		}
		if (op == classfile.OpIfeq || op == classfile.OpIfne) && (insns[j-1].Opcode == classfile.OpIload || insns[j-1].Opcode >= classfile.OpIload0 && insns[j-1].Opcode <= classfile.OpIload3) {
			// $changed != 0: a function without parameters asks whether anything forces it.
			rel := "!="
			if d.Call == "getSkipping" {
				rel = "=="
			}
			add(j, fmt.Sprintf("%s %s 0b0", localName(pre, insns[j-1].Local(), changedLocal, nChanged), rel))
			continue
		}
		if (op == classfile.OpIfeq || op == classfile.OpIfne) && insns[j-1].Opcode == classfile.OpIand && insns[j-3].IsLoad() {
			if m, ok := intConst(b.mc, &insns[j-2]); ok {
				rel := "!="
				if d.Call == "getSkipping" {
					rel = "=="
				}
				add(j, fmt.Sprintf("(%s & 0b%b) %s 0b0", localName(pre, insns[j-3].Local(), changedLocal, nChanged), m, rel))
				continue
			}
		}
		if (op != classfile.OpIfIcmpeq && op != classfile.OpIfIcmpne) || insns[j-2].Opcode != classfile.OpIand || !insns[j-4].IsLoad() {
			continue
		}
		m, ok1 := intConst(b.mc, &insns[j-3])
		v, ok2 := intConst(b.mc, &insns[j-1])
		if !ok1 || !ok2 {
			continue
		}
		rel := "!="
		if d.Call == "getSkipping" {
			rel = "=="
		}
		add(j, fmt.Sprintf("(%s & 0b%b) %s 0b%b", localName(pre, insns[j-4].Local(), changedLocal, nChanged), m, rel, v))
	}
	if d.Call == "shouldExecute" {
		d.Operands = append(d.Operands, "parametersChanged = "+strings.Join(tests, " || "))
		if c := pre.decide; c >= 3 && insns[c-1].Opcode == classfile.OpIand && insns[c-3].IsLoad() {
			if m, ok := intConst(b.mc, &insns[c-2]); ok {
				d.Operands = append(d.Operands, fmt.Sprintf("flags = %s & 0b%b", localName(pre, insns[c-3].Local(), changedLocal, nChanged), m))
			}
		}
		return d
	}
	d.Operands = append(d.Operands, "skip when "+strings.Join(tests, " && ")+" && getSkipping()")
	return d
}

var groupCalls = map[string]string{
	"startRestartGroup": "restart", "startReplaceGroup": "replace", "startReplaceableGroup": "replaceable",
	"startMovableGroup": "movable", "startReusableGroup": "reusable", "startDefaults": "defaults",
	"startNode": "node", "startReusableNode": "node",
	"endRestartGroup": "end-restart", "endReplaceGroup": "end-replace", "endReplaceableGroup": "end-replaceable",
	"endMovableGroup": "end-movable", "endReusableGroup": "end-reusable", "endDefaults": "end-defaults", "endNode": "end-node",
	"skipToGroupEnd": "skip-to-group-end", "skipCurrentGroup": "skip-current-group",
}

// groupsOf lists the group calls of the body in bytecode order, with their keys, lines and
// nesting (as the instructions follow each other: the ends of two branches both count).
func groupsOf(b *body) []Group {
	insns := b.mc.Insns
	pool := b.mc.Class.Pool()
	out := []Group{}
	depth := 0
	for i := range insns {
		in := &insns[i]
		if in.Opcode != classfile.OpInvokeinterface && in.Opcode != classfile.OpInvokestatic {
			continue
		}
		ref, err := pool.MemberRef(in.Index)
		if err != nil {
			continue
		}
		if ref.Owner == "androidx/compose/runtime/ComposerKt" && strings.HasPrefix(ref.Name, "sourceInformation") {
			// sourceInformation(composer, info) names the group just opened; the markers are
			// groups of their own in the tooling data.
			ps, _, _ := classfile.ParseMethodDescriptor(ref.Descriptor)
			spans := b.mc.ArgSpans(i, len(ps), 0)
			info := ""
			if sp := spans[len(spans)-1]; sp.OK() && sp.End-sp.Start == 1 {
				if k, err := pool.Constant(insns[sp.Start].Index); err == nil {
					info, _ = k.(string)
				}
			}
			switch ref.Name {
			case "sourceInformation":
				if len(out) > 0 {
					out[len(out)-1].Source = info
				}
			case "sourceInformationMarkerStart":
				g := Group{Kind: "marker", Call: ref.Name, Offset: in.Offset, Line: callsite.LineAt(b.mc, in.Offset), Depth: depth, Source: info}
				if sp := spans[1]; sp.OK() && sp.End-sp.Start == 1 {
					if k, ok := intConst(b.mc, &insns[sp.Start]); ok {
						g.Key = &k
					}
				}
				out = append(out, g)
				depth++
			case "sourceInformationMarkerEnd":
				depth = max(depth-1, 0)
				out = append(out, Group{Kind: "end-marker", Call: ref.Name, Offset: in.Offset, Line: callsite.LineAt(b.mc, in.Offset), Depth: depth})
			}
			continue
		}
		kind, ok := groupCalls[ref.Name]
		if ref.Owner != composerClass || !ok {
			continue
		}
		ps, _, _ := classfile.ParseMethodDescriptor(ref.Descriptor)
		if strings.HasPrefix(kind, "end-") {
			depth = max(depth-1, 0)
		}
		g := Group{Kind: kind, Call: ref.Name, Offset: in.Offset, Line: callsite.LineAt(b.mc, in.Offset), Depth: depth}
		if len(ps) > 0 && ps[0] == "I" {
			spans := b.mc.ArgSpans(i, len(ps)+1, 0)
			if sp := spans[1]; sp.OK() && sp.End-sp.Start == 1 {
				if k, ok := intConst(b.mc, &insns[sp.Start]); ok {
					g.Key = &k
				}
			}
			if len(ps) > 1 {
				if sp := spans[2]; sp.OK() {
					g.DataKey = renderSpan(b, sp)
				}
			}
		}
		if strings.HasPrefix(ref.Name, "start") {
			depth++
		}
		out = append(out, g)
	}
	return out
}

// renderSpan prints a short instruction span: a local's name, a constant, or its instructions.
func renderSpan(b *body, sp callsite.Span) string {
	insns := b.mc.Insns
	if sp.End-sp.Start == 1 && insns[sp.Start].IsLoad() {
		l := insns[sp.Start].Local()
		for _, v := range b.mc.Method.Code.LocalVariables() {
			if int(v.Index) == l && int(v.StartPC) <= insns[sp.Start].Offset && insns[sp.Start].Offset < int(v.StartPC)+int(v.Length) {
				return v.Name
			}
		}
		return fmt.Sprintf("local%d", l)
	}
	var parts []string
	for i := sp.Start; i < sp.End && len(parts) < 6; i++ {
		parts = append(parts, insns[i].Opcode.String())
	}
	return strings.Join(parts, " ")
}

// restartLambda describes the lambda given to updateScope after endRestartGroup.
func restartLambda(b *body, cf *classfile.Class, name string) string {
	if b.endRestart < 0 {
		return ""
	}
	insns := b.mc.Insns
	pool := cf.Pool()
	for i := b.endRestart + 1; i < len(insns); i++ {
		in := &insns[i]
		switch in.Opcode {
		case classfile.OpInvokedynamic:
			k, err := pool.Constant(in.Index)
			d, ok := k.(classfile.Dynamic)
			if err != nil || !ok {
				continue
			}
			caps, _, _ := classfile.ParseMethodDescriptor(d.Descriptor)
			var types []string
			for _, c := range caps {
				types = append(types, javaType(c))
			}
			s := "invokedynamic " + d.Name + d.Descriptor + ", capturing (" + strings.Join(types, ", ") + ")"
			prefix := "(" + strings.Join(caps, "")
			for _, m := range cf.Methods() {
				if strings.HasPrefix(m.Name, name+"$lambda$") && strings.HasPrefix(m.Descriptor, prefix+composerDescriptor) {
					s += ": " + m.Name + m.Descriptor
					break
				}
			}
			return s + "; it calls " + name + " again with updateChangedFlags($changed | 1)"
		case classfile.OpNew:
			if cn, err := pool.ClassName(in.Index); err == nil {
				return "new " + strings.ReplaceAll(cn, "/", ".") + "; it calls " + name + " again with updateChangedFlags($changed | 1)"
			}
		}
	}
	return ""
}
