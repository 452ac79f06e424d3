package metadata

// This file reads a property declaration: its accessors, backing field and JVM signatures.

// readProperty decodes a Property; it also returns the return-type slot,
// which a value class may need again for its underlying type.
func (d *decoder) readProperty(m msg, outer *tpScope) (*Property, typeRef) {
	var (
		flags                              = int32(DefaultPropertyFlags)
		name, getterFlags, setterFlags     int32
		jvmFlags                           int32
		hasName, hasGetterF, hasSetterF    bool
		hasSetterParam, hasPropSig         bool
		ret, recv                          typeRef
		tps, ctxRecv, ctxParams, plugins   []msg
		annots, getAnnots, setAnnots       []msg
		recvAnnots, fieldAnnots, delAnnots []msg
		ctxRecvIDs, vreqIDs                []int32
		setterParam, propSig               msg
		ctxOff                             int
	)
	r := d.fields(m, "Property")
	var f field
	for r.next(&f) {
		switch f.num {
		case fieldPropertyFlags:
			if v, ok := f.i32(); ok {
				flags = v
			}
		case fieldPropertyName:
			name, hasName = f.i32()
		case fieldPropertyReturnType:
			ret.setInline(&f)
		case fieldPropertyReturnTypeID:
			ret.setID(&f)
		case fieldPropertyTypeParameter:
			tps = appendMsg(tps, &f)
		case fieldPropertyReceiverType:
			recv.setInline(&f)
		case fieldPropertyReceiverTypeID:
			recv.setID(&f)
		case fieldPropertyContextReceiverType:
			ctxRecv, ctxOff = appendMsg(ctxRecv, &f), f.off
		case fieldPropertyContextReceiverTypeID:
			ctxRecvIDs, ctxOff = r.appendInts(ctxRecvIDs, &f), f.off
		case fieldPropertyContextParameter:
			ctxParams = appendMsg(ctxParams, &f)
		case fieldPropertySetterValueParameter:
			if f.bytes() {
				setterParam, hasSetterParam = f.b, true
			}
		case fieldPropertyGetterFlags:
			getterFlags, hasGetterF = f.i32()
		case fieldPropertySetterFlags:
			setterFlags, hasSetterF = f.i32()
		case fieldPropertyVersionRequirement:
			vreqIDs = r.appendInts(vreqIDs, &f)
		case fieldPropertyCompilerPluginData:
			plugins = appendMsg(plugins, &f)
		case fieldPropertyAnnotation:
			annots = appendMsg(annots, &f)
		case fieldPropertyGetterAnnotation:
			getAnnots = appendMsg(getAnnots, &f)
		case fieldPropertySetterAnnotation:
			setAnnots = appendMsg(setAnnots, &f)
		case fieldPropertyExtensionReceiverAnnotation:
			recvAnnots = appendMsg(recvAnnots, &f)
		case fieldPropertyBackingFieldAnnotation:
			fieldAnnots = appendMsg(fieldAnnots, &f)
		case fieldPropertyDelegateFieldAnnotation:
			delAnnots = appendMsg(delAnnots, &f)
		case fieldPropertyPropertySignature: // JVM extension
			if f.bytes() {
				propSig, hasPropSig = f.b, true
			}
		case fieldPropertyJvmFlags: // JVM extension
			if v, ok := f.i32(); ok {
				jvmFlags = v
			}
		}
	}
	if !hasName {
		d.missing("Property.name", m.off)
	}
	if d.err != nil {
		return nil, ret
	}
	pf := PropertyFlags(uint32(flags))
	p := &Property{Flags: pf, Name: d.str(name), JvmFlags: PropertyJvmFlags(uint32(jvmFlags))}
	// Absent accessor flags inherit annotations, visibility and modality
	// from the property; nothing else.
	p.GetterFlags, p.SetterFlags = pf.defaultAccessorFlags(), pf.defaultAccessorFlags()
	if hasGetterF {
		p.GetterFlags = AccessorFlags(uint32(getterFlags))
	}
	if hasSetterF {
		p.SetterFlags = AccessorFlags(uint32(setterFlags))
	}
	var sc *tpScope
	p.TypeParameters, sc = d.readTypeParameters(tps, outer)
	p.ReceiverType = d.typeOf(&recv, sc, "Property.receiver_type_id")
	p.ContextParameters = d.contextParameters(ctxParams, ctxRecv, ctxRecvIDs, sc, "Property.context_receiver_type_id", ctxOff)
	if hasSetterParam {
		p.SetterParameter = d.readValueParameter(setterParam, sc)
	}
	if !ret.present() {
		d.missing("Property.return_type", m.off)
		return nil, ret
	}
	p.ReturnType = d.typeOf(&ret, sc, "Property.return_type_id")
	p.VersionRequirements = d.readVersionRequirements(vreqIDs, "Property.version_requirement", m.off)
	p.CompilerPluginData = d.readPluginData(plugins)
	p.Annotations = d.annotations(annots)
	p.GetterAnnotations = d.annotations(getAnnots)
	if pf.HasSetter() {
		p.SetterAnnotations = d.annotations(setAnnots)
	}
	p.ExtensionReceiverAnnotations = d.annotations(recvAnnots)
	p.BackingFieldAnnotations = d.annotations(fieldAnnots)
	p.DelegateFieldAnnotations = d.annotations(delAnnots)
	if hasPropSig {
		d.readPropertySignature(p, propSig, name)
	}
	if d.err != nil {
		return nil, ret
	}
	return p, ret
}

// readPropertySignature decodes a JvmPropertySignature.
func (d *decoder) readPropertySignature(p *Property, m msg, propName int32) {
	var fieldSig, synth, getter, setter, delegate jvmSig
	var hasField, hasSynth, hasGetter, hasSetter, hasDelegate bool
	r := d.fields(m, "JvmPropertySignature")
	var f field
	for r.next(&f) {
		if !f.bytes() {
			continue
		}
		switch f.num {
		case fieldJvmPropertySignatureField:
			fieldSig, hasField = d.readJvmSig(f.b, "JvmFieldSignature"), true
		case fieldJvmPropertySignatureSyntheticMethod:
			synth, hasSynth = d.readJvmSig(f.b, "JvmMethodSignature"), true
		case fieldJvmPropertySignatureGetter:
			getter, hasGetter = d.readJvmSig(f.b, "JvmMethodSignature"), true
		case fieldJvmPropertySignatureSetter:
			setter, hasSetter = d.readJvmSig(f.b, "JvmMethodSignature"), true
		case fieldJvmPropertySignatureDelegateMethod:
			delegate, hasDelegate = d.readJvmSig(f.b, "JvmMethodSignature"), true
		}
	}
	if hasField {
		// JvmProtoBufUtil.getJvmFieldSignature: recorded name and
		// descriptor, defaulting to the property's name and type.
		n := propName
		if fieldSig.hasName {
			n = fieldSig.name
		}
		name := d.str(n)
		if fieldSig.hasDesc {
			p.Field = &FieldSignature{Name: name, Descriptor: d.str(fieldSig.desc)}
		} else if desc, ok := mapTypeDefault(p.ReturnType); ok {
			p.Field = &FieldSignature{Name: name, Descriptor: desc}
		}
	}
	if hasGetter {
		p.Getter = d.method(getter)
	}
	if hasSetter {
		p.Setter = d.method(setter)
	}
	if hasSynth {
		p.SyntheticMethodForAnnotations = d.method(synth)
	}
	if hasDelegate {
		p.DelegateMethod = d.method(delegate)
	}
}
