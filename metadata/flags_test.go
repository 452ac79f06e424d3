package metadata

import "testing"

// The offsets Kotlin's Flags.java computes, written out by hand to check the
// "after the previous field" table.
func TestFlagLayout(t *testing.T) {
	tests := []struct {
		f             flagField
		offset, width uint8
	}{
		{fHasAnnotations, 0, 1}, {fVisibility, 1, 3}, {fModality, 4, 2},
		{fClassKind, 6, 3}, {fIsInner, 9, 1}, {fIsData, 10, 1}, {fIsExternalCls, 11, 1}, {fIsExpectCls, 12, 1},
		{fIsValueClass, 13, 1}, {fIsFunInterface, 14, 1}, {fHasEnumEntries, 15, 1},
		{fIsSecondary, 4, 1}, {fCtorNonStableName, 5, 1}, {fCtorReturnStatus, 6, 2},
		{fMemberKind, 6, 2}, {fIsOperator, 8, 1}, {fIsInfix, 9, 1}, {fIsInline, 10, 1}, {fIsTailrec, 11, 1},
		{fIsExternalFun, 12, 1}, {fIsSuspend, 13, 1}, {fIsExpectFun, 14, 1}, {fFunNonStableName, 15, 1},
		{fFunReturnStatus, 16, 2}, {fIsStaticFun, 18, 1},
		{fIsVar, 8, 1}, {fHasGetter, 9, 1}, {fHasSetter, 10, 1}, {fIsConst, 11, 1}, {fIsLateinit, 12, 1},
		{fHasConstant, 13, 1}, {fIsExternalProp, 14, 1}, {fIsDelegated, 15, 1}, {fIsExpectProp, 16, 1},
		{fPropReturnStatus, 17, 2}, {fIsStaticProp, 19, 1},
		{fDeclaresDefault, 1, 1}, {fIsCrossinline, 2, 1}, {fIsNoinline, 3, 1},
		{fIsNotDefault, 6, 1}, {fIsExternalAccess, 7, 1}, {fIsInlineAccess, 8, 1},
		{fSuspendType, 0, 1}, {fDefinitelyNonNull, 1, 1},
		{fMovedFromInterfaceCompanion, 0, 1}, {fHasMethodBodiesInInterface, 0, 1}, {fCompiledInCompatibilityMode, 1, 1},
	}
	for _, tt := range tests {
		if tt.f.offset != tt.offset || tt.f.width != tt.width {
			t.Errorf("%s: offset %d width %d, want %d %d", tt.f.name, tt.f.offset, tt.f.width, tt.offset, tt.width)
		}
	}
	for _, n := range []struct{ values, width int }{{1, 1}, {2, 1}, {3, 2}, {4, 2}, {6, 3}, {7, 3}, {8, 3}, {9, 4}} {
		if w := enumWidth(n.values); int(w) != n.width {
			t.Errorf("enumWidth(%d) = %d, want %d", n.values, w, n.width)
		}
	}
}

func TestFlagAccessors(t *testing.T) {
	c := ClassFlags(1 | uint32(VisibilityInternal)<<1 | uint32(ModalitySealed)<<4 | uint32(ClassKindCompanionObject)<<6 | 1<<10 | 1<<13 | 1<<14)
	if !c.HasAnnotations() || c.Visibility() != VisibilityInternal || c.Modality() != ModalitySealed ||
		c.Kind() != ClassKindCompanionObject || !c.IsData() || !c.IsValue() || !c.IsFunInterface() ||
		c.IsInner() || c.IsExternal() || c.IsExpect() || c.HasEnumEntries() {
		t.Errorf("ClassFlags accessors wrong for %v", c)
	}
	f := FunctionFlags(6 | uint32(MemberKindFakeOverride)<<6 | 1<<8 | 1<<10 | 1<<13 | uint32(ReturnValueMustUse)<<16 | 1<<18)
	if f.Kind() != MemberKindFakeOverride || !f.IsOperator() || !f.IsInline() || !f.IsSuspend() || f.IsInfix() ||
		f.ReturnValueStatus() != ReturnValueMustUse || !f.IsStatic() || f.Visibility() != VisibilityPublic {
		t.Errorf("FunctionFlags accessors wrong for %v", f)
	}
	p := PropertyFlags(uint32(VisibilityPrivate)<<1 | uint32(ModalityOpen)<<4 | 1<<8 | 1<<9 | 1<<10 | 1<<12 | 1<<15)
	if !p.IsVar() || !p.HasGetter() || !p.HasSetter() || !p.IsLateinit() || !p.IsDelegated() || p.IsConst() ||
		p.HasConstant() || p.Modality() != ModalityOpen || p.Kind() != MemberKindDeclaration {
		t.Errorf("PropertyFlags accessors wrong for %v", p)
	}
	if got := DefaultPropertyFlags; !got.HasGetter() || got.Visibility() != VisibilityPublic || got.Modality() != ModalityFinal || got.IsVar() {
		t.Errorf("DefaultPropertyFlags = %v", got)
	}
	a := AccessorFlags(1 | 6 | 1<<6 | 1<<8)
	if !a.HasAnnotations() || !a.IsNotDefault() || !a.IsInline() || a.IsExternal() {
		t.Errorf("AccessorFlags accessors wrong for %v", a)
	}
	k := ConstructorFlags(4 | 1<<4 | 1<<5)
	if k.Visibility() != VisibilityProtected || !k.IsSecondary() || !k.HasNonStableParameterNames() {
		t.Errorf("ConstructorFlags accessors wrong for %v", k)
	}
	v := ValueParameterFlags(1<<1 | 1<<3)
	if !v.DeclaresDefaultValue() || !v.IsNoinline() || v.IsCrossinline() || v.HasAnnotations() {
		t.Errorf("ValueParameterFlags accessors wrong for %v", v)
	}
	ty := TypeFlags(1 | 1<<2)
	if !ty.IsNullable() || ty.IsSuspend() || !ty.IsDefinitelyNonNull() {
		t.Errorf("TypeFlags accessors wrong for %v", ty)
	}
}

func TestFlagStrings(t *testing.T) {
	tests := []struct {
		got, want string
	}{
		{DefaultClassFlags.String(), "public final class"},
		{ClassFlags(1 | 2<<1 | 2<<4 | 2<<6 | 1<<15).String(), "hasAnnotations protected abstract enum_class hasEnumEntries"},
		{ClassFlags(6 | 7<<6).String(), "public final kind=7"},
		{ClassFlags(6 | 1<<20 | 1<<31).String(), "public final class 0x80100000"},
		{DefaultFunctionFlags.String(), "public final"},
		{FunctionFlags(6 | 2<<6 | 1<<9 | 2<<16).String(), "public final delegation infix explicitly_ignorable"},
		{DefaultPropertyFlags.String(), "public final hasGetter"},
		{PropertyFlags(518 | 1<<8 | 1<<10 | 1<<11 | 1<<13 | 1<<19).String(), "public final var hasGetter hasSetter const hasConstant static"},
		{DefaultConstructorFlags.String(), "public"},
		{ConstructorFlags(7 << 1).String(), "visibility=7"},
		{AccessorFlags(2 | 1<<7).String(), "private final external"},
		{ValueParameterFlags(0).String(), ""},
		{ValueParameterFlags(1 | 1<<2 | 1<<9).String(), "hasAnnotations crossinline 0x200"},
		{TypeAliasFlags(6).String(), "public"},
		{TypeFlags(7).String(), "nullable suspend definitelyNonNull"},
		{TypeParameterFlags(1).String(), "reified"},
		{PropertyJvmFlags(1).String(), "movedFromInterfaceCompanion"},
		{ClassJvmFlags(3).String(), "hasMethodBodiesInInterface compiledInCompatibilityMode"},
		{VisibilityPrivateToThis.String(), "private_to_this"},
		{Visibility(9).String(), "visibility=9"},
		{ModalityAbstract.String(), "abstract"},
		{ClassKindAnnotationClass.String(), "annotation_class"},
		{MemberKindSynthesized.String(), "synthesized"},
		{ReturnValueUnspecified.String(), "unspecified"},
		{KindMultiFileClassPart.String(), "multi-file class part"},
		{Kind(9).String(), "unknown kind 9"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestDefaultAccessorFlags(t *testing.T) {
	tests := []struct {
		prop PropertyFlags
		want AccessorFlags
	}{
		{DefaultPropertyFlags, 6},
		{PropertyFlags(1 | 1<<1 | 2<<4 | 1<<8 | 1<<10 | 1<<12), AccessorFlags(1 | 1<<1 | 2<<4)},
	}
	for _, tt := range tests {
		if got := tt.prop.defaultAccessorFlags(); got != tt.want {
			t.Errorf("%v: default accessor flags %v, want %v", tt.prop, got, tt.want)
		}
	}
}
