package metadata

// Declarations. Each reader first collects the fields of its message (they
// may come in any order), then decodes them in the order kotlin-metadata-jvm
// does, so that type parameters are in scope before the types that use them.

// defaultModuleName is the module of a class or package that records none
// (JvmProtoBufUtil.DEFAULT_MODULE_NAME).
const defaultModuleName = "main"

func (d *decoder) readClass(m msg) *Class {
	var (
		flags                                         = int32(DefaultClassFlags)
		fqName, companion, underName                  int32
		module, anonOrigin, jvmFlags                  int32
		hasFq, hasCompanion, hasUnderName             bool
		hasModule, hasAnon                            bool
		tps, supers, ctxRecv, ctors, funcs, props     []msg
		aliases, enums, annots, plugins, localVars    []msg
		superIDs, nested, ctxRecvIDs, sealed, vreqIDs []int32
		underType                                     typeRef
		ctxOff                                        int
	)
	r := d.fields(m, "Class")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldClassFlags:
			if v, ok := f.i32(); ok {
				flags = v
			}
		case fieldClassFqName:
			fqName, hasFq = f.i32()
		case fieldClassCompanionObjectName:
			companion, hasCompanion = f.i32()
		case fieldClassTypeParameter:
			tps = appendMsg(tps, &f)
		case fieldClassSupertype:
			supers = appendMsg(supers, &f)
		case fieldClassSupertypeID:
			superIDs = r.appendInts(superIDs, &f)
		case fieldClassNestedClassName:
			nested = r.appendInts(nested, &f)
		case fieldClassContextReceiverType:
			ctxRecv, ctxOff = appendMsg(ctxRecv, &f), f.off
		case fieldClassContextReceiverTypeID:
			ctxRecvIDs, ctxOff = r.appendInts(ctxRecvIDs, &f), f.off
		case fieldClassConstructor:
			ctors = appendMsg(ctors, &f)
		case fieldClassFunction:
			if !d.skipFunctions {
				funcs = appendMsg(funcs, &f)
			}
		case fieldClassProperty:
			props = appendMsg(props, &f)
		case fieldClassTypeAlias:
			aliases = appendMsg(aliases, &f)
		case fieldClassEnumEntry:
			enums = appendMsg(enums, &f)
		case fieldClassSealedSubclassFqName:
			sealed = r.appendInts(sealed, &f)
		case fieldClassInlineClassUnderlyingPropertyName:
			underName, hasUnderName = f.i32()
		case fieldClassInlineClassUnderlyingType:
			underType.setInline(&f)
		case fieldClassInlineClassUnderlyingTypeID:
			underType.setID(&f)
		case fieldClassAnnotation:
			annots = appendMsg(annots, &f)
		case fieldClassTypeTable:
			if f.bytes() {
				d.readTypeTable(f.b)
			}
		case fieldClassVersionRequirement:
			vreqIDs = r.appendInts(vreqIDs, &f)
		case fieldClassVersionRequirementTable:
			if f.bytes() {
				d.readVersionRequirementTable(f.b)
			}
		case fieldClassCompilerPluginData:
			plugins = appendMsg(plugins, &f)
		case fieldClassClassModuleName: // JVM extension
			module, hasModule = f.i32()
		case fieldClassClassLocalVariable: // JVM extension
			localVars = appendMsg(localVars, &f)
		case fieldClassAnonymousObjectOriginName: // JVM extension
			anonOrigin, hasAnon = f.i32()
		case fieldClassJvmClassFlags: // JVM extension
			if v, ok := f.i32(); ok {
				jvmFlags = v
			}
		}
	}
	if !hasFq {
		d.missing("Class.fq_name", m.off)
	}
	if d.err != nil {
		return nil
	}
	c := &Class{Flags: ClassFlags(uint32(flags)), Name: d.className(fqName)}
	var sc *tpScope
	c.TypeParameters, sc = d.readTypeParameters(tps, nil)
	c.Supertypes = d.typeList(supers, superIDs, sc, "Class.supertype_id", m.off)
	for _, cm := range ctors {
		c.Constructors = append(c.Constructors, d.readConstructor(cm, sc))
	}
	for _, fm := range funcs {
		c.Functions = append(c.Functions, d.readFunction(fm, sc, false))
	}
	var propTypes []typeRef
	for _, pm := range props {
		p, rt := d.readProperty(pm, sc)
		c.Properties = append(c.Properties, p)
		propTypes = append(propTypes, rt)
	}
	for _, am := range aliases {
		c.TypeAliases = append(c.TypeAliases, d.readTypeAlias(am, sc))
	}
	if hasCompanion {
		c.CompanionObject = d.str(companion)
	}
	for _, n := range nested {
		c.NestedClasses = append(c.NestedClasses, d.str(n))
	}
	for _, em := range enums {
		c.EnumEntries = append(c.EnumEntries, d.readEnumEntry(em))
	}
	for _, s := range sealed {
		c.SealedSubclasses = append(c.SealedSubclasses, d.className(s))
	}
	if hasUnderName {
		c.InlineClassUnderlyingPropertyName = d.str(underName)
	}
	switch {
	case underType.present():
		c.InlineClassUnderlyingType = d.typeOf(&underType, sc, "Class.inline_class_underlying_type_id")
	case hasUnderName && d.err == nil:
		// Old value classes record only the property's name: use the type
		// of the one property of that name without a receiver.
		match := -1
		for i, p := range c.Properties {
			if p != nil && p.ReceiverType == nil && p.Name == c.InlineClassUnderlyingPropertyName {
				if match >= 0 {
					match = -2
					break
				}
				match = i
			}
		}
		if match >= 0 {
			c.InlineClassUnderlyingType = d.typeOf(&propTypes[match], sc, "Property.return_type_id")
		}
	}
	c.ContextReceiverTypes = d.typeList(ctxRecv, ctxRecvIDs, sc, "Class.context_receiver_type_id", ctxOff)
	c.VersionRequirements = d.readVersionRequirements(vreqIDs, "Class.version_requirement", m.off)
	c.CompilerPluginData = d.readPluginData(plugins)
	c.Annotations = d.annotations(annots)
	if hasAnon {
		c.AnonymousObjectOriginName = d.str(anonOrigin)
	}
	for _, lm := range localVars {
		p, _ := d.readProperty(lm, sc)
		c.LocalDelegatedProperties = append(c.LocalDelegatedProperties, p)
	}
	c.ModuleName = defaultModuleName
	if hasModule {
		c.ModuleName = d.str(module)
	}
	c.JvmFlags = ClassJvmFlags(uint32(jvmFlags))
	if d.err != nil {
		return nil
	}
	return c
}

func appendMsg(dst []msg, f *field) []msg {
	if f.bytes() {
		return append(dst, f.b)
	}
	return dst
}

func (d *decoder) readPackage(m msg) *Package {
	var (
		funcs, props, aliases, localVars []msg
		module                           int32
		hasModule                        bool
	)
	r := d.fields(m, "Package")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldPackageFunction:
			if !d.skipFunctions {
				funcs = appendMsg(funcs, &f)
			}
		case fieldPackageProperty:
			props = appendMsg(props, &f)
		case fieldPackageTypeAlias:
			aliases = appendMsg(aliases, &f)
		case fieldPackageTypeTable:
			if f.bytes() {
				d.readTypeTable(f.b)
			}
		case fieldPackageVersionRequirementTable:
			if f.bytes() {
				d.readVersionRequirementTable(f.b)
			}
		case fieldPackagePackageModuleName: // JVM extension
			module, hasModule = f.i32()
		case fieldPackagePackageLocalVariable: // JVM extension
			localVars = appendMsg(localVars, &f)
		}
	}
	if d.err != nil {
		return nil
	}
	p := &Package{ModuleName: defaultModuleName}
	for _, fm := range funcs {
		p.Functions = append(p.Functions, d.readFunction(fm, nil, false))
	}
	for _, pm := range props {
		prop, _ := d.readProperty(pm, nil)
		p.Properties = append(p.Properties, prop)
	}
	for _, am := range aliases {
		p.TypeAliases = append(p.TypeAliases, d.readTypeAlias(am, nil))
	}
	for _, lm := range localVars {
		prop, _ := d.readProperty(lm, nil)
		p.LocalDelegatedProperties = append(p.LocalDelegatedProperties, prop)
	}
	if hasModule {
		p.ModuleName = d.str(module)
	}
	if d.err != nil {
		return nil
	}
	return p
}

func (d *decoder) readEnumEntry(m msg) *EnumEntry {
	var name int32
	hasName := false
	var annots []msg
	r := d.fields(m, "EnumEntry")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldEnumEntryName:
			name, hasName = f.i32()
		case fieldEnumEntryAnnotation:
			annots = appendMsg(annots, &f)
		}
	}
	if !hasName {
		d.missing("EnumEntry.name", m.off)
		return nil
	}
	e := &EnumEntry{Name: d.str(name)}
	e.Annotations = d.annotations(annots)
	return e
}

func (d *decoder) readConstructor(m msg, sc *tpScope) *Constructor {
	var (
		flags                   = int32(DefaultConstructorFlags)
		params, annots, plugins []msg
		vreqIDs                 []int32
		sig                     jvmSig
		hasSig                  bool
	)
	r := d.fields(m, "Constructor")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldConstructorFlags:
			if v, ok := f.i32(); ok {
				flags = v
			}
		case fieldConstructorValueParameter:
			params = appendMsg(params, &f)
		case fieldConstructorVersionRequirement:
			vreqIDs = r.appendInts(vreqIDs, &f)
		case fieldConstructorCompilerPluginData:
			plugins = appendMsg(plugins, &f)
		case fieldConstructorAnnotation:
			annots = appendMsg(annots, &f)
		case fieldConstructorConstructorSignature: // JVM extension
			if f.bytes() {
				sig, hasSig = d.readJvmSig(f.b, "JvmMethodSignature"), true
			}
		}
	}
	c := &Constructor{Flags: ConstructorFlags(uint32(flags))}
	for _, pm := range params {
		c.ValueParameters = append(c.ValueParameters, d.readValueParameter(pm, sc))
	}
	c.VersionRequirements = d.readVersionRequirements(vreqIDs, "Constructor.version_requirement", m.off)
	c.CompilerPluginData = d.readPluginData(plugins)
	c.Annotations = d.annotations(annots)
	// JvmProtoBufUtil.getJvmConstructorSignature: what is recorded, else
	// <init> and a descriptor built from the parameter types.
	name := "<init>"
	if hasSig && sig.hasName {
		name = d.str(sig.name)
	}
	if hasSig && sig.hasDesc {
		c.Signature = &MethodSignature{Name: name, Descriptor: d.str(sig.desc)}
	} else if desc, ok := defaultDescriptor(nil, c.ValueParameters, nil); ok {
		c.Signature = &MethodSignature{Name: name, Descriptor: desc}
	}
	if d.err != nil {
		return nil
	}
	return c
}

// defaultDescriptor builds the method descriptor the compiler leaves out
// when it is the obvious one; ret nil means void (constructors).
func defaultDescriptor(receiver *Type, params []*ValueParameter, ret *Type) (string, bool) {
	b := make([]byte, 0, 64)
	b = append(b, '(')
	if receiver != nil {
		s, ok := mapTypeDefault(receiver)
		if !ok {
			return "", false
		}
		b = append(b, s...)
	}
	for _, p := range params {
		if p == nil {
			return "", false
		}
		s, ok := mapTypeDefault(p.Type)
		if !ok {
			return "", false
		}
		b = append(b, s...)
	}
	b = append(b, ')')
	if ret == nil {
		b = append(b, 'V')
	} else {
		s, ok := mapTypeDefault(ret)
		if !ok {
			return "", false
		}
		b = append(b, s...)
	}
	return string(b), true
}

// readFunction decodes a Function. ownTable is set for a lambda, the only
// case where the function's own type_table is used.
func (d *decoder) readFunction(m msg, outer *tpScope, ownTable bool) *Function {
	var (
		flags                            = int32(DefaultFunctionFlags)
		name, lambdaOrigin               int32
		hasName, hasLambdaOrigin, hasSig bool
		ret, recv                        typeRef
		tps, ctxRecv, ctxParams, params  []msg
		plugins, annots, recvAnnots      []msg
		ctxRecvIDs, vreqIDs              []int32
		sig                              jvmSig
		ctxOff                           int
	)
	r := d.fields(m, "Function")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldFunctionFlags:
			if v, ok := f.i32(); ok {
				flags = v
			}
		case fieldFunctionName:
			name, hasName = f.i32()
		case fieldFunctionReturnType:
			ret.setInline(&f)
		case fieldFunctionReturnTypeID:
			ret.setID(&f)
		case fieldFunctionTypeParameter:
			tps = appendMsg(tps, &f)
		case fieldFunctionReceiverType:
			recv.setInline(&f)
		case fieldFunctionReceiverTypeID:
			recv.setID(&f)
		case fieldFunctionContextReceiverType:
			ctxRecv, ctxOff = appendMsg(ctxRecv, &f), f.off
		case fieldFunctionContextReceiverTypeID:
			ctxRecvIDs, ctxOff = r.appendInts(ctxRecvIDs, &f), f.off
		case fieldFunctionContextParameter:
			ctxParams = appendMsg(ctxParams, &f)
		case fieldFunctionValueParameter:
			params = appendMsg(params, &f)
		case fieldFunctionTypeTable:
			if ownTable && f.bytes() {
				d.readTypeTable(f.b)
			}
		case fieldFunctionVersionRequirement:
			vreqIDs = r.appendInts(vreqIDs, &f)
		case fieldFunctionCompilerPluginData:
			plugins = appendMsg(plugins, &f)
		case fieldFunctionAnnotation:
			annots = appendMsg(annots, &f)
		case fieldFunctionExtensionReceiverAnnotation:
			recvAnnots = appendMsg(recvAnnots, &f)
		case fieldFunctionMethodSignature: // JVM extension
			if f.bytes() {
				sig, hasSig = d.readJvmSig(f.b, "JvmMethodSignature"), true
			}
		case fieldFunctionLambdaClassOriginName: // JVM extension
			lambdaOrigin, hasLambdaOrigin = f.i32()
		}
	}
	if !hasName {
		d.missing("Function.name", m.off)
	}
	if d.err != nil {
		return nil
	}
	fn := &Function{Flags: FunctionFlags(uint32(flags)), Name: d.str(name)}
	var sc *tpScope
	fn.TypeParameters, sc = d.readTypeParameters(tps, outer)
	fn.ReceiverType = d.typeOf(&recv, sc, "Function.receiver_type_id")
	fn.ContextParameters = d.contextParameters(ctxParams, ctxRecv, ctxRecvIDs, sc, "Function.context_receiver_type_id", ctxOff)
	for _, pm := range params {
		fn.ValueParameters = append(fn.ValueParameters, d.readValueParameter(pm, sc))
	}
	if !ret.present() {
		d.missing("Function.return_type", m.off)
		return nil
	}
	fn.ReturnType = d.typeOf(&ret, sc, "Function.return_type_id")
	fn.VersionRequirements = d.readVersionRequirements(vreqIDs, "Function.version_requirement", m.off)
	fn.CompilerPluginData = d.readPluginData(plugins)
	fn.Annotations = d.annotations(annots)
	fn.ExtensionReceiverAnnotations = d.annotations(recvAnnots)
	// JvmProtoBufUtil.getJvmMethodSignature: the recorded name and
	// descriptor, each defaulting to the obvious one.
	sigName := fn.Name
	if hasSig && sig.hasName {
		sigName = d.str(sig.name)
	}
	if hasSig && sig.hasDesc {
		fn.Signature = &MethodSignature{Name: sigName, Descriptor: d.str(sig.desc)}
	} else if desc, ok := defaultDescriptor(fn.ReceiverType, fn.ValueParameters, fn.ReturnType); ok {
		fn.Signature = &MethodSignature{Name: sigName, Descriptor: desc}
	}
	if hasLambdaOrigin {
		fn.LambdaClassOriginName = d.str(lambdaOrigin)
	}
	if d.err != nil {
		return nil
	}
	return fn
}

// contextParameters returns the context parameters, or the deprecated
// context receivers as parameters named "_" when there are none.
func (d *decoder) contextParameters(params, recv []msg, recvIDs []int32, sc *tpScope, what string, off int) []*ValueParameter {
	var out []*ValueParameter
	for _, pm := range params {
		out = append(out, d.readValueParameter(pm, sc))
	}
	if len(params) > 0 {
		return out
	}
	for _, t := range d.typeList(recv, recvIDs, sc, what, off) {
		out = append(out, &ValueParameter{Name: "_", Type: t})
	}
	return out
}

func (d *decoder) readValueParameter(m msg, sc *tpScope) *ValueParameter {
	var (
		flags, name     int32
		hasName, hasDef bool
		typ, vararg     typeRef
		annots          []msg
		def             msg
	)
	r := d.fields(m, "ValueParameter")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldValueParameterFlags:
			if v, ok := f.i32(); ok {
				flags = v
			}
		case fieldValueParameterName:
			name, hasName = f.i32()
		case fieldValueParameterType:
			typ.setInline(&f)
		case fieldValueParameterTypeID:
			typ.setID(&f)
		case fieldValueParameterVarargElementType:
			vararg.setInline(&f)
		case fieldValueParameterVarargElementTypeID:
			vararg.setID(&f)
		case fieldValueParameterAnnotation:
			annots = appendMsg(annots, &f)
		case fieldValueParameterAnnotationParameterDefaultValue:
			if f.bytes() {
				def, hasDef = f.b, true
			}
		}
	}
	if !hasName {
		d.missing("ValueParameter.name", m.off)
	}
	if d.err != nil {
		return nil
	}
	p := &ValueParameter{Flags: ValueParameterFlags(uint32(flags)), Name: d.str(name)}
	if !typ.present() {
		d.missing("ValueParameter.type", m.off)
		return nil
	}
	p.Type = d.typeOf(&typ, sc, "ValueParameter.type_id")
	p.VarargElementType = d.typeOf(&vararg, sc, "ValueParameter.vararg_element_type_id")
	if hasDef {
		p.AnnotationParameterDefaultValue = d.readAnnotationValue(def)
	}
	p.Annotations = d.annotations(annots)
	if d.err != nil {
		return nil
	}
	return p
}

func (d *decoder) readTypeAlias(m msg, outer *tpScope) *TypeAlias {
	var (
		flags                = int32(DefaultTypeAliasFlags)
		name                 int32
		hasName              bool
		tps, annots, plugins []msg
		vreqIDs              []int32
		underlying, expanded typeRef
	)
	r := d.fields(m, "TypeAlias")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldTypeAliasFlags:
			if v, ok := f.i32(); ok {
				flags = v
			}
		case fieldTypeAliasName:
			name, hasName = f.i32()
		case fieldTypeAliasTypeParameter:
			tps = appendMsg(tps, &f)
		case fieldTypeAliasUnderlyingType:
			underlying.setInline(&f)
		case fieldTypeAliasUnderlyingTypeID:
			underlying.setID(&f)
		case fieldTypeAliasExpandedType:
			expanded.setInline(&f)
		case fieldTypeAliasExpandedTypeID:
			expanded.setID(&f)
		case fieldTypeAliasAnnotation:
			annots = appendMsg(annots, &f)
		case fieldTypeAliasVersionRequirement:
			vreqIDs = r.appendInts(vreqIDs, &f)
		case fieldTypeAliasCompilerPluginData:
			plugins = appendMsg(plugins, &f)
		}
	}
	if !hasName {
		d.missing("TypeAlias.name", m.off)
	}
	if d.err != nil {
		return nil
	}
	a := &TypeAlias{Flags: TypeAliasFlags(uint32(flags)), Name: d.str(name)}
	var sc *tpScope
	a.TypeParameters, sc = d.readTypeParameters(tps, outer)
	if !underlying.present() {
		d.missing("TypeAlias.underlying_type", m.off)
		return nil
	}
	a.UnderlyingType = d.typeOf(&underlying, sc, "TypeAlias.underlying_type_id")
	if !expanded.present() {
		d.missing("TypeAlias.expanded_type", m.off)
		return nil
	}
	a.ExpandedType = d.typeOf(&expanded, sc, "TypeAlias.expanded_type_id")
	a.Annotations = d.annotations(annots)
	a.VersionRequirements = d.readVersionRequirements(vreqIDs, "TypeAlias.version_requirement", m.off)
	a.CompilerPluginData = d.readPluginData(plugins)
	if d.err != nil {
		return nil
	}
	return a
}
