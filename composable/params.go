package composable

import (
	"strconv"

	"github.com/composestab/composestab/callsite"
	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/metadata"
	"github.com/composestab/composestab/stability"
)

// This file reads a composable's parameters in the compiler's slot order: their types, stabilities
// and default values.

// slot is one parameter of a composable in the compiler's slot order.
type slot struct {
	name     string
	meta     *metadata.ValueParameter // nil for receivers
	typ      *metadata.Type           // nil for the dispatch receiver
	dispatch bool
	local    int // -1 when not a JVM parameter
	valueIdx int // index among the value parameters, -1 otherwise
}

// argIndex is the JVM argument index of the parameter in local: 0 is this for a member.
func argIndex(locals []int, local int, member bool) int {
	for i, l := range locals {
		if l == local {
			if member {
				return i + 1
			}
			return i
		}
	}
	return -1
}

func (a *analyzer) params(f *Function, sc *stability.Class, m *classfile.Method, fn *metadata.Function, owner *stability.Class,
	bridge bool, desc []string, b *body, scope *stability.TypeScope) []Param {
	locals := paramLocals(m, desc)
	ci := composerIndex(desc)
	if ci < 0 {
		return nil
	}
	var slots []slot
	j := 0
	next := func() int {
		if j < ci {
			j++
			return locals[j-1]
		}
		return -1
	}
	for _, p := range fn.ContextParameters {
		slots = append(slots, slot{name: p.Name, meta: p, typ: p.Type, local: next(), valueIdx: -1})
	}
	if fn.ReceiverType != nil {
		slots = append(slots, slot{name: "<this>", typ: fn.ReceiverType, local: next(), valueIdx: -1})
	}
	for i, p := range fn.ValueParameters {
		slots = append(slots, slot{name: p.Name, meta: p, typ: p.Type, local: next(), valueIdx: i})
	}
	if owner != nil && !fn.Flags.IsStatic() {
		s := slot{name: "<this>", dispatch: true, local: 0, valueIdx: -1}
		if bridge {
			s.name, s.local = "$this$", next()
		}
		slots = append(slots, s)
	}
	nChanged := 1
	if len(slots) > 10 {
		nChanged = (len(slots) + 9) / 10
	}
	nInts := len(desc) - ci - 1
	defaultBase := -1
	if nInts > nChanged && ci+1+nChanged < len(locals) {
		defaultBase = locals[ci+1+nChanged]
	}
	names := map[int]string{}
	for _, s := range slots {
		if s.local >= 0 && !s.dispatch {
			names[s.local] = s.name
		}
	}
	out := make([]Param, 0, len(slots))
	for i, s := range slots {
		p := Param{Name: s.name, Used: true}
		var t *stability.Type
		if s.dispatch {
			dt := stability.DefaultType(owner)
			t = &dt
		} else {
			pt := s.typ
			if s.meta != nil && s.meta.VarargElementType != nil {
				pt = s.meta.VarargElementType
				p.vararg = true
			}
			t = scope.Convert(pt)
		}
		if t != nil {
			st, why := a.engine.TypeStability(t, sc.Ensure().File)
			p.Missing = why.MissingClasses()
			switch {
			case stability.KnownStable(st):
				p.Stability = ParamStable
			case stability.KnownUnstable(st):
				p.Stability = ParamUnstable
			}
		}
		printed := t
		if s.typ != nil && !s.dispatch {
			printed = scope.Convert(s.typ)
		}
		if b != nil && s.local >= 0 {
			p.Used = b.reads[s.local]
			p.Compiled = b.comparison(s.local)
		} else if b != nil && s.dispatch {
			p.Used = b.reads[0]
			p.Compiled = b.comparison(0)
		}
		p.Index = -1
		switch {
		case s.dispatch && !bridge:
			p.Index = 0
		case s.local >= 0:
			p.Index = argIndex(locals, s.local, m.Access&classfile.AccStatic == 0)
		}
		p.typ = t
		if s.meta != nil && s.meta.Flags.DeclaresDefaultValue() && defaultBase >= 0 && s.valueIdx >= 0 && b != nil {
			p.Default = a.defaultValue(b, defaultBase+s.valueIdx/31, int32(1)<<(s.valueIdx%31), s, i, printed, names)
			if printed != nil && !isPrimitive(printed) {
				n := *printed
				n.Nullable = true
				printed = &n
			}
		}
		if printed != nil {
			p.Type = printed.String()
		}
		out = append(out, p)
	}
	return out
}

var primitives = map[string]bool{
	"kotlin/Int": true, "kotlin/Long": true, "kotlin/Short": true, "kotlin/Byte": true, "kotlin/Char": true,
	"kotlin/Boolean": true, "kotlin/Float": true, "kotlin/Double": true,
}

func isPrimitive(t *stability.Type) bool {
	return t.Class != nil && !t.Nullable && primitives[loadedName(t.Class)]
}

// loadedName is c's Kotlin name, which a shell created from a JVM name learns as it loads.
func loadedName(c *stability.Class) string {
	c.Ensure()
	return c.Name
}

// defaultValue reads a parameter's default: where the bytecode assigns it and whether the
// skipping code treats it as static.
func (a *analyzer) defaultValue(b *body, defaultLocal int, bit int32, s slot, slotIdx int, t *stability.Type, names map[int]string) *Default {
	expr, static, found := b.defaultOf(defaultLocal, bit, s.local, slotIdx)
	d := &Default{Static: static, Expr: "<expression>"}
	if !found || len(expr) != 1 {
		return d
	}
	if lit, ok := literal(b.mc, &expr[0], t); ok {
		d.Expr, d.Static = lit, true // a constant is static, even where no code says so
	} else if expr[0].IsLoad() {
		if n, ok := names[expr[0].Local()]; ok {
			d.Expr = n // another parameter: printed by name
		}
	}
	return d
}

// literal prints a constant instruction as the compiler's IR printer prints the IrConst.
func literal(mc *callsite.Code, in *classfile.Instruction, t *stability.Type) (string, bool) {
	kind := ""
	if t != nil && t.Class != nil {
		kind = loadedName(t.Class)
	}
	if in.Opcode == classfile.OpAconstNull {
		return "null", true
	}
	if n, ok := intConst(mc, in); ok {
		switch kind {
		case "kotlin/Boolean":
			return strconv.FormatBool(n != 0), true
		case "kotlin/Char":
			return "'" + string(rune(n)) + "'", true
		}
		return strconv.Itoa(int(n)), true
	}
	if in.Opcode == classfile.OpLdc || in.Opcode == classfile.OpLdcW || in.Opcode == classfile.OpLdc2W {
		k, err := mc.Class.Pool().Constant(in.Index)
		if err != nil {
			return "", false
		}
		switch v := k.(type) {
		case string:
			return `"` + v + `"`, true // the IR printer does not escape

		case int64:
			return strconv.FormatInt(v, 10) + "L", true
		case float32:
			return strconv.FormatFloat(float64(v), 'f', -1, 32) + "f", true
		case float64:
			return strconv.FormatFloat(v, 'f', -1, 64), true
		}
	}
	return "", false
}
