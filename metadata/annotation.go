package metadata

import (
	"math"

	"google.golang.org/protobuf/encoding/protowire"
)

// Annotations: the Annotation message, its arguments and their values, which
// declarations, types, type parameters and value parameters carry.

// readAnnotation decodes an Annotation message.
func (d *decoder) readAnnotation(m msg) *Annotation {
	if !d.enter("Annotation", m.off) {
		return nil
	}
	defer d.leave()
	a := &Annotation{}
	var id int32
	hasID := false
	r := d.fields(m, "Annotation")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldAnnotationID:
			id, hasID = f.i32()
		case fieldAnnotationArgument:
			if f.bytes() {
				d.readAnnotationArgument(a, f.b)
			}
		}
	}
	if !hasID {
		d.missing("Annotation.id", m.off)
	}
	a.ClassName = d.className(id)
	a.Arguments = dedupe(a.Arguments,
		func(p *AnnotationArgumentPair) string { return p.Name },
		func(dst, src *AnnotationArgumentPair) { dst.Value = src.Value })
	return a
}

func (d *decoder) readAnnotationArgument(a *Annotation, m msg) {
	var nameID int32
	hasName := false
	var val msg
	hasVal := false
	r := d.fields(m, "Annotation.Argument")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldAnnotationArgumentNameID:
			nameID, hasName = f.i32()
		case fieldAnnotationArgumentValue:
			if f.bytes() {
				val, hasVal = f.b, true
			}
		}
	}
	if !hasName {
		d.missing("Annotation.Argument.name_id", m.off)
	}
	if !hasVal {
		d.missing("Annotation.Argument.value", m.off)
	}
	v := d.readAnnotationValue(val)
	name := d.str(nameID)
	if d.err != nil {
		return
	}
	a.Arguments = append(a.Arguments, AnnotationArgumentPair{Name: name, Value: v})
}

// dedupe keeps the first position and the last value of each name, as the
// map kotlin-metadata-jvm reads into does. Linear below a few entries, a
// map above, so a hostile list costs no quadratic time.
func dedupe[T any](items []T, name func(*T) string, take func(dst, src *T)) []T {
	if len(items) < 2 {
		return items
	}
	out := items[:0:0]
	if len(items) <= scopeMapThreshold {
	next:
		for i := range items {
			for j := range out {
				if name(&out[j]) == name(&items[i]) {
					take(&out[j], &items[i])
					continue next
				}
			}
			out = append(out, items[i])
		}
		return out
	}
	seen := make(map[string]int, len(items))
	for i := range items {
		if j, ok := seen[name(&items[i])]; ok {
			take(&out[j], &items[i])
			continue
		}
		seen[name(&items[i])] = len(out)
		out = append(out, items[i])
	}
	return out
}

// Types of Annotation.Argument.Value.
const (
	valByte = iota
	valChar
	valShort
	valInt
	valLong
	valFloat
	valDouble
	valBoolean
	valString
	valClass
	valEnum
	valAnnotation
	valArray
)

// readAnnotationValue decodes an Annotation.Argument.Value.
func (d *decoder) readAnnotationValue(m msg) *AnnotationArgument {
	if !d.enter("Annotation.Argument.Value", m.off) {
		return nil
	}
	defer d.leave()
	var (
		typ                     int32 // absent means BYTE, the enum's first value
		intVal                  int64
		floatVal                float32
		doubleVal               float64
		strVal, classID, enumID int32
		dims, flags             int32
		annot                   msg
		hasAnnot                bool
		elems                   []msg
	)
	r := d.fields(m, "Annotation.Argument.Value")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldAnnotationArgumentValueType:
			if v, ok := f.i32(); ok && v >= valByte && v <= valArray {
				typ = v
			}
		case fieldAnnotationArgumentValueIntValue:
			if f.typ == protowire.VarintType {
				intVal = protowire.DecodeZigZag(f.v)
			}
		case fieldAnnotationArgumentValueFloatValue:
			if f.typ == protowire.Fixed32Type {
				floatVal = math.Float32frombits(uint32(f.v))
			}
		case fieldAnnotationArgumentValueDoubleValue:
			if f.typ == protowire.Fixed64Type {
				doubleVal = math.Float64frombits(f.v)
			}
		case fieldAnnotationArgumentValueStringValue:
			if v, ok := f.i32(); ok {
				strVal = v
			}
		case fieldAnnotationArgumentValueClassID:
			if v, ok := f.i32(); ok {
				classID = v
			}
		case fieldAnnotationArgumentValueEnumValueID:
			if v, ok := f.i32(); ok {
				enumID = v
			}
		case fieldAnnotationArgumentValueAnnotation:
			if f.bytes() {
				annot, hasAnnot = f.b, true
			}
		case fieldAnnotationArgumentValueArrayElement:
			if f.bytes() {
				elems = append(elems, f.b)
			}
		case fieldAnnotationArgumentValueFlags:
			if v, ok := f.i32(); ok {
				flags = v
			}
		case fieldAnnotationArgumentValueArrayDimensionCount:
			if v, ok := f.i32(); ok {
				dims = v
			}
		}
	}
	if d.err != nil {
		return nil
	}
	v := &AnnotationArgument{}
	if flags&1 != 0 { // Flags.IS_UNSIGNED
		switch typ {
		case valByte:
			v.Kind, v.Int = ArgUByte, int64(uint8(intVal))
		case valShort:
			v.Kind, v.Int = ArgUShort, int64(uint16(intVal))
		case valInt:
			v.Kind, v.Int = ArgUInt, int64(uint32(intVal))
		case valLong:
			v.Kind, v.Int = ArgULong, intVal
		default:
			d.inconsistent("Annotation.Argument.Value", m.off, "unsigned flag on a non-integer value")
			return nil
		}
		return v
	}
	switch typ {
	case valByte:
		v.Kind, v.Int = ArgByte, int64(int8(intVal))
	case valChar:
		v.Kind, v.Int = ArgChar, int64(uint16(intVal))
	case valShort:
		v.Kind, v.Int = ArgShort, int64(int16(intVal))
	case valInt:
		v.Kind, v.Int = ArgInt, int64(int32(intVal))
	case valLong:
		v.Kind, v.Int = ArgLong, intVal
	case valFloat:
		v.Kind, v.Float = ArgFloat, float64(floatVal)
	case valDouble:
		v.Kind, v.Float = ArgDouble, doubleVal
	case valBoolean:
		v.Kind = ArgBoolean
		if intVal != 0 {
			v.Int = 1
		}
	case valString:
		v.Kind, v.String = ArgString, d.str(strVal)
	case valClass:
		if dims < 0 {
			d.inconsistent("Annotation.Argument.Value", m.off, "negative array dimension count")
			return nil
		}
		v.Kind, v.ClassName, v.ArrayDimensions = ArgKClass, d.className(classID), int(dims)
	case valEnum:
		v.Kind, v.ClassName, v.EnumEntry = ArgEnum, d.className(classID), d.str(enumID)
	case valAnnotation:
		v.Kind = ArgAnnotation
		if hasAnnot {
			v.Annotation = d.readAnnotation(annot)
		} else {
			// protobuf's default instance: class id 0, no arguments.
			v.Annotation = &Annotation{ClassName: d.className(0)}
		}
	case valArray:
		v.Kind = ArgArray
		for _, e := range elems {
			v.Elements = append(v.Elements, d.readAnnotationValue(e))
		}
	}
	return v
}

func (d *decoder) annotations(ms []msg) []*Annotation {
	var out []*Annotation
	for _, m := range ms {
		out = append(out, d.readAnnotation(m))
	}
	return out
}
