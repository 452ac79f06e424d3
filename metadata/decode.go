package metadata

import (
	"strconv"
	"strings"

	"google.golang.org/protobuf/encoding/protowire"
)

// Limits that keep hostile input from costing more than its size.
const (
	// maxDepth bounds nested types and annotation values. Protobuf-java
	// itself refuses messages nested deeper than 100; type-table indices
	// can form cycles, which the official reader follows until the stack
	// overflows.
	maxDepth = 128
	// Type-table entries can refer to each other so that a few bytes expand
	// into an exponential number of types. Every decoded Type is charged
	// its size against a budget proportional to the input. Real classes
	// spend under 3 bytes per input byte (kotlin-compiler.jar); the margin
	// lets inline types nest to maxDepth, where every level's bytes are
	// also charged to each enclosing level.
	budgetBase    = 1 << 14
	budgetPerByte = 64
)

// decoder holds the state of one Read: the name resolver, the type and
// version-requirement tables in force, and a sticky error. Decoding
// functions return partial values after a failure; callers check d.err once.
type decoder struct {
	strs *stringTable

	types            []msg // the TypeTable in force
	firstNullable    int32
	hasFirstNullable bool

	vreqs           []msg // the VersionRequirementTable in force
	ignoreUnknownVR bool  // metadata before 1.4 may point past the table

	skipFunctions bool // ReadOptions.SkipFunctions

	err    error
	depth  int
	budget int // bytes of Type messages that may be parsed, in total
	spent  int
}

func (d *decoder) fail(what string, off int, err error) {
	if d.err == nil {
		d.err = &FormatError{Field: what, Offset: off, Err: err}
	}
}

func (d *decoder) failWire(what string, off int, code int) {
	d.fail(what, off, protowire.ParseError(code))
}

func (d *decoder) missing(what string, off int) { d.fail(what, off, ErrMissingField) }

func (d *decoder) inconsistent(what string, off int, msg string) {
	d.fail(what, off, &detailError{ErrInconsistent, msg})
}

// enter and leave bound the nesting depth.
func (d *decoder) enter(what string, off int) bool {
	if d.err != nil {
		return false
	}
	d.depth++
	if d.depth > maxDepth {
		d.fail(what, off, ErrTooDeep)
		return false
	}
	return true
}

func (d *decoder) leave() { d.depth-- }

// tpScope maps the type-parameter names in scope (string-table indices) to
// their ids, for types that refer to a type parameter by name.
type tpScope struct {
	parent *tpScope
	names  []int32
	ids    []int32
	index  map[int32]int32 // built for long lists, so lookups stay cheap
}

// A declaration with more type parameters than this gets a map.
const scopeMapThreshold = 8

func (s *tpScope) seal() {
	if len(s.names) > scopeMapThreshold {
		s.index = make(map[int32]int32, len(s.names))
		for i := len(s.names) - 1; i >= 0; i-- { // the first of equal names wins
			s.index[s.names[i]] = s.ids[i]
		}
	}
}

func (s *tpScope) lookup(name int32) (int32, bool) {
	for ; s != nil; s = s.parent {
		if s.index != nil {
			if id, ok := s.index[name]; ok {
				return id, true
			}
			continue
		}
		for i, n := range s.names {
			if n == name {
				return s.ids[i], true
			}
		}
	}
	return 0, false
}

// typeRef is a type slot that holds a Type inline or an index into the type
// table (the `foo` / `foo_id` field pairs of metadata.proto).
type typeRef struct {
	m     msg
	has   bool
	id    int32
	hasID bool
	off   int
}

func (r *typeRef) setInline(f *field) {
	if f.bytes() {
		r.m, r.has, r.off = f.b, true, f.off
	}
}

func (r *typeRef) setID(f *field) {
	if v, ok := f.i32(); ok {
		r.id, r.hasID, r.off = v, true, f.off
	}
}

func (r *typeRef) present() bool { return r.has || r.hasID }

// typeOf resolves a slot; nil when it is empty.
func (d *decoder) typeOf(r *typeRef, sc *tpScope, what string) *Type {
	switch {
	case r.has:
		return d.readType(r.m, sc, false)
	case r.hasID:
		return d.tableType(r.id, sc, what, r.off)
	}
	return nil
}

// typeList resolves a repeated slot: the inline list when it is not empty,
// else the ids.
func (d *decoder) typeList(inline []msg, ids []int32, sc *tpScope, what string, off int) []*Type {
	var out []*Type
	if len(inline) > 0 {
		for _, m := range inline {
			out = append(out, d.readType(m, sc, false))
		}
		return out
	}
	for _, id := range ids {
		out = append(out, d.tableType(id, sc, what, off))
	}
	return out
}

func (d *decoder) tableType(id int32, sc *tpScope, what string, off int) *Type {
	if d.err != nil {
		return nil
	}
	if id < 0 || int(id) >= len(d.types) {
		d.fail(what, off, &IndexError{Table: "type table", Index: int64(id), Len: int64(len(d.types))})
		return nil
	}
	// TypeTable.first_nullable overrides the entries' own nullable field.
	return d.readType(d.types[id], sc, d.hasFirstNullable && id >= d.firstNullable)
}

// readTypeTable decodes a TypeTable message into the table in force.
func (d *decoder) readTypeTable(m msg) {
	d.types, d.firstNullable, d.hasFirstNullable = nil, -1, false
	r := d.fields(m, "TypeTable")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldTypeTableType:
			if f.bytes() {
				d.types = append(d.types, f.b)
			}
		case fieldTypeTableFirstNullable:
			if v, ok := f.i32(); ok {
				d.firstNullable, d.hasFirstNullable = v, true
			}
		}
	}
}

// readVersionRequirementTable decodes a VersionRequirementTable message into
// the table in force.
func (d *decoder) readVersionRequirementTable(m msg) {
	d.vreqs = nil
	r := d.fields(m, "VersionRequirementTable")
	var f field
	for r.next(&f) {
		if f.num == fieldVersionRequirementTableRequirement && f.bytes() {
			d.vreqs = append(d.vreqs, f.b)
		}
	}
}

// readType decodes a Type message. forceNullable is set for type-table
// entries at or after first_nullable.
func (d *decoder) readType(m msg, sc *tpScope, forceNullable bool) *Type {
	if !d.enter("Type", m.off) {
		return nil
	}
	defer d.leave()
	// Each Type costs its size: a type-table entry is parsed again at
	// every use, so counting nodes alone would let big entries referenced
	// many times cost time quadratic in the input.
	d.spent += 1 + len(m.b)
	if d.spent > d.budget {
		d.fail("Type", m.off, ErrTooLarge)
		return nil
	}
	var (
		args                         []msg
		nullable, isRaw              bool
		flags                        int32
		flexID                       int32
		hasFlexID                    bool
		upper, outer, abbr           typeRef
		className, tpID, tpName, ali int32
		hasClass, hasTP, hasTPName   bool
		hasAlias                     bool
		annots                       []msg
	)
	r := d.fields(m, "Type")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldTypeArgument:
			if f.bytes() {
				args = append(args, f.b)
			}
		case fieldTypeNullable:
			if f.typ == protowire.VarintType {
				nullable = f.v != 0
			}
		case fieldTypeFlexibleTypeCapabilitiesID:
			flexID, hasFlexID = f.i32()
		case fieldTypeFlexibleUpperBound:
			upper.setInline(&f)
		case fieldTypeFlexibleUpperBoundID:
			upper.setID(&f)
		case fieldTypeClassName:
			className, hasClass = f.i32()
		case fieldTypeTypeParameter:
			tpID, hasTP = f.i32()
		case fieldTypeTypeParameterName:
			tpName, hasTPName = f.i32()
		case fieldTypeTypeAliasName:
			ali, hasAlias = f.i32()
		case fieldTypeOuterType:
			outer.setInline(&f)
		case fieldTypeOuterTypeID:
			outer.setID(&f)
		case fieldTypeAbbreviatedType:
			abbr.setInline(&f)
		case fieldTypeAbbreviatedTypeID:
			abbr.setID(&f)
		case fieldTypeFlags:
			if v, ok := f.i32(); ok {
				flags = v
			}
		case fieldTypeTypeAnnotation: // JVM extension
			if f.bytes() {
				annots = append(annots, f.b)
			}
		case fieldTypeIsRaw: // JVM extension
			if f.typ == protowire.VarintType {
				isRaw = f.v != 0
			}
		}
	}
	if d.err != nil {
		return nil
	}
	t := &Type{IsRaw: isRaw}
	if nullable || forceNullable {
		t.Flags = TypeFlags(fNullable.mask())
	}
	t.Flags |= TypeFlags(uint32(flags) << 1)
	switch {
	case hasClass:
		t.Classifier = Classifier{Kind: ClassifierClass, Name: d.className(className)}
	case hasAlias:
		t.Classifier = Classifier{Kind: ClassifierTypeAlias, Name: d.className(ali)}
	case hasTP:
		t.Classifier = Classifier{Kind: ClassifierTypeParameter, TypeParameterID: int(tpID)}
	case hasTPName:
		id, ok := sc.lookup(tpName)
		if !ok {
			d.fail("Type.type_parameter_name", m.off, &IndexError{Table: "type parameter", Index: int64(tpName), Len: -1})
			return nil
		}
		t.Classifier = Classifier{Kind: ClassifierTypeParameter, TypeParameterID: int(id)}
	default:
		d.inconsistent("Type", m.off, "no classifier (class, type alias or type parameter)")
		return nil
	}
	for _, a := range args {
		t.Arguments = append(t.Arguments, d.readTypeArgument(a, sc))
	}
	t.Abbreviation = d.typeOf(&abbr, sc, "Type.abbreviated_type_id")
	t.Outer = d.typeOf(&outer, sc, "Type.outer_type_id")
	if ub := d.typeOf(&upper, sc, "Type.flexible_upper_bound_id"); ub != nil {
		t.FlexibleUpperBound = &FlexibleUpperBound{Type: ub}
		if hasFlexID {
			t.FlexibleUpperBound.TypeFlexibilityID = d.str(flexID)
		}
	}
	for _, a := range annots {
		t.Annotations = append(t.Annotations, d.readAnnotation(a))
	}
	if d.err != nil {
		return nil
	}
	return t
}

// Projections of Type.Argument.
const (
	projIn   = 0
	projOut  = 1
	projInv  = 2
	projStar = 3
)

func (d *decoder) readTypeArgument(m msg, sc *tpScope) Projection {
	proj := int32(projInv)
	var ref typeRef
	r := d.fields(m, "Type.Argument")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldTypeArgumentProjection:
			if v, ok := f.i32(); ok && v >= projIn && v <= projStar {
				proj = v
			}
		case fieldTypeArgumentType:
			ref.setInline(&f)
		case fieldTypeArgumentTypeID:
			ref.setID(&f)
		}
	}
	if proj == projStar {
		return Projection{}
	}
	if !ref.present() {
		d.inconsistent("Type.Argument", m.off, "no type for a non-star projection")
		return Projection{}
	}
	p := Projection{Variance: protoVariance(proj), Type: d.typeOf(&ref, sc, "Type.Argument.type_id")}
	return p
}

func protoVariance(v int32) Variance {
	switch v {
	case projIn:
		return In
	case projOut:
		return Out
	}
	return Invariant
}

// rawTypeParameter is a TypeParameter before its bounds are decoded: the
// whole list must be in scope first, since bounds may name any of them.
type rawTypeParameter struct {
	tp       *TypeParameter
	bounds   []msg
	boundIDs []int32
	annots   []msg
	off      int
}

// readTypeParameters decodes a declaration's type parameters and returns the
// scope in which the declaration's types are read.
func (d *decoder) readTypeParameters(ms []msg, parent *tpScope) ([]*TypeParameter, *tpScope) {
	if len(ms) == 0 {
		return nil, parent
	}
	sc := &tpScope{parent: parent}
	raws := make([]rawTypeParameter, 0, len(ms))
	for _, m := range ms {
		raw := rawTypeParameter{tp: &TypeParameter{}, off: m.off}
		hasID, hasName := false, false
		variance := int32(2) // INV
		var name int32
		r := d.fields(m, "TypeParameter")
		var f field
		for r.next(&f) {
			switch f.num {
			case fieldTypeParameterID:
				if v, ok := f.i32(); ok {
					raw.tp.ID, hasID = int(v), true
				}
			case fieldTypeParameterName:
				name, hasName = f.i32()
			case fieldTypeParameterReified:
				if f.typ == protowire.VarintType && f.v != 0 {
					raw.tp.Flags = TypeParameterFlags(fReified.mask())
				}
			case fieldTypeParameterVariance:
				if v, ok := f.i32(); ok && v >= 0 && v <= 2 {
					variance = v
				}
			case fieldTypeParameterUpperBound:
				if f.bytes() {
					raw.bounds = append(raw.bounds, f.b)
				}
			case fieldTypeParameterUpperBoundID:
				raw.boundIDs = r.appendInts(raw.boundIDs, &f)
			case fieldTypeParameterTypeParameterAnnotation: // JVM extension
				if f.bytes() {
					raw.annots = append(raw.annots, f.b)
				}
			}
		}
		if !hasID {
			d.missing("TypeParameter.id", m.off)
		}
		if !hasName {
			d.missing("TypeParameter.name", m.off)
		}
		raw.tp.Name = d.str(name)
		raw.tp.Variance = protoVariance(variance) // same numbering as projections
		sc.names = append(sc.names, name)
		sc.ids = append(sc.ids, int32(raw.tp.ID))
		raws = append(raws, raw)
	}
	sc.seal()
	out := make([]*TypeParameter, 0, len(raws))
	for _, raw := range raws {
		raw.tp.UpperBounds = d.typeList(raw.bounds, raw.boundIDs, sc, "TypeParameter.upper_bound_id", raw.off)
		for _, a := range raw.annots {
			raw.tp.Annotations = append(raw.tp.Annotations, d.readAnnotation(a))
		}
		out = append(out, raw.tp)
	}
	return out, sc
}

// readVersionRequirements resolves indices into the table in force.
func (d *decoder) readVersionRequirements(ids []int32, what string, off int) []*VersionRequirement {
	var out []*VersionRequirement
	for _, id := range ids {
		if d.err != nil {
			return nil
		}
		if id < 0 || int(id) >= len(d.vreqs) {
			if !d.ignoreUnknownVR {
				d.fail(what, off, &IndexError{Table: "version requirement table", Index: int64(id), Len: int64(len(d.vreqs))})
				return nil
			}
			out = append(out, &VersionRequirement{Kind: VersionKindUnknown, Level: VersionLevelHidden, Major: 256, Minor: 256, Patch: 256})
			continue
		}
		out = append(out, d.readVersionRequirement(d.vreqs[id]))
	}
	return out
}

func (d *decoder) readVersionRequirement(m msg) *VersionRequirement {
	var version, full, code, message int32
	var hasVersion, hasFull, hasCode, hasMessage bool
	level, kind := int32(1), int32(0) // ERROR, LANGUAGE_VERSION
	r := d.fields(m, "VersionRequirement")
	var f field
	for r.next(&f) {
		v, ok := f.i32()
		if !ok {
			continue
		}
		switch f.num {
		case fieldVersionRequirementVersion:
			version, hasVersion = v, true
		case fieldVersionRequirementVersionFull:
			full, hasFull = v, true
		case fieldVersionRequirementLevel:
			if v >= 0 && v <= 2 {
				level = v
			}
		case fieldVersionRequirementErrorCode:
			code, hasCode = v, true
		case fieldVersionRequirementMessage:
			message, hasMessage = v, true
		case fieldVersionRequirementVersionKind:
			if v >= 0 && v <= 2 {
				kind = v
			}
		}
	}
	vr := &VersionRequirement{Kind: VersionKind(kind), Level: VersionLevel(level), Major: 256, Minor: 256, Patch: 256}
	switch {
	case hasFull:
		vr.Major, vr.Minor, vr.Patch = int(full&255), int(full>>8&255), int(full>>16&255)
	case hasVersion:
		vr.Major, vr.Minor, vr.Patch = int(version&7), int(version>>3&15), int(version>>7&127)
	}
	if hasCode {
		c := int(code)
		vr.ErrorCode = &c
	}
	if hasMessage {
		s := d.str(message)
		vr.Message = &s
	}
	return vr
}

// readPluginData decodes CompilerPluginData entries; a repeated plugin id
// keeps its first position and takes the last data, as the official map.
func (d *decoder) readPluginData(ms []msg) []*CompilerPluginData {
	var out []*CompilerPluginData
	for _, m := range ms {
		var id int32
		var data []byte
		hasID, hasData := false, false
		r := d.fields(m, "CompilerPluginData")
		var f field
		for r.next(&f) {
			switch f.num {
			case fieldCompilerPluginDataPluginID:
				id, hasID = f.i32()
			case fieldCompilerPluginDataData:
				if f.bytes() {
					data, hasData = f.b.b, true
				}
			}
		}
		if !hasID {
			d.missing("CompilerPluginData.plugin_id", m.off)
		}
		if !hasData {
			d.missing("CompilerPluginData.data", m.off)
		}
		name := d.str(id)
		if d.err != nil {
			return nil
		}
		out = append(out, &CompilerPluginData{PluginID: name, Data: append([]byte(nil), data...)})
	}
	return dedupe(out,
		func(p **CompilerPluginData) string { return (*p).PluginID },
		func(dst, src **CompilerPluginData) { (*dst).Data = (*src).Data })
}

// jvmSig is a JvmMethodSignature or JvmFieldSignature message.
type jvmSig struct {
	name, desc       int32
	hasName, hasDesc bool
}

func (d *decoder) readJvmSig(m msg, what string) jvmSig {
	var s jvmSig
	r := d.fields(m, what)
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldJvmSignatureName:
			s.name, s.hasName = f.i32()
		case fieldJvmSignatureDesc:
			s.desc, s.hasDesc = f.i32()
		}
	}
	return s
}

// method resolves a signature the way JvmPropertySignature accessors are
// read: absent name or desc mean string 0.
func (d *decoder) method(s jvmSig) *MethodSignature {
	return &MethodSignature{Name: d.str(s.name), Descriptor: d.str(s.desc)}
}

// Kotlin class names that map to JVM descriptors without the obvious L...;
// (ClassMapperLite): primitives, Unit, built-ins mapped to java.lang and
// java.util, function types and the companion objects of primitives.
var classMapperLite = func() map[string]string {
	m := map[string]string{"kotlin/Unit": "V"}
	prims := []string{"Boolean", "Z", "Char", "C", "Byte", "B", "Short", "S", "Int", "I", "Float", "F", "Long", "J", "Double", "D"}
	for i := 0; i < len(prims); i += 2 {
		m["kotlin/"+prims[i]] = prims[i+1]
		m["kotlin/"+prims[i]+"Array"] = "[" + prims[i+1]
	}
	add := func(kotlin, java string) { m["kotlin/"+kotlin] = "L" + java + ";" }
	add("Any", "java/lang/Object")
	add("Nothing", "java/lang/Void")
	add("Annotation", "java/lang/annotation/Annotation")
	for _, c := range []string{"String", "CharSequence", "Throwable", "Cloneable", "Number", "Comparable", "Enum"} {
		add(c, "java/lang/"+c)
	}
	for _, c := range []string{"Iterator", "Collection", "List", "Set", "Map", "ListIterator"} {
		add("collections/"+c, "java/util/"+c)
		add("collections/Mutable"+c, "java/util/"+c)
	}
	add("collections/Iterable", "java/lang/Iterable")
	add("collections/MutableIterable", "java/lang/Iterable")
	add("collections/Map.Entry", "java/util/Map$Entry")
	add("collections/MutableMap.MutableEntry", "java/util/Map$Entry")
	for i := 0; i <= 22; i++ {
		n := strconv.Itoa(i)
		add("Function"+n, "kotlin/jvm/functions/Function"+n)
		add("reflect/KFunction"+n, "kotlin/reflect/KFunction")
	}
	for _, c := range []string{"Char", "Byte", "Short", "Int", "Float", "Long", "Double", "String", "Enum"} {
		add(c+".Companion", "kotlin/jvm/internal/"+c+"CompanionObject")
	}
	return m
}()

// mapTypeDefault gives the JVM descriptor the compiler would have used for a
// type when it chose not to record a signature; ok is false for anything
// but a class type.
func mapTypeDefault(t *Type) (string, bool) {
	if t == nil || t.Classifier.Kind != ClassifierClass {
		return "", false
	}
	// The official mapping uses the qualified name, without the '.' that
	// marks local classes.
	name := strings.TrimPrefix(t.Classifier.Name, ".")
	if s, ok := classMapperLite[name]; ok {
		return s, true
	}
	return "L" + strings.ReplaceAll(name, ".", "$") + ";", true
}
