package metadata

// Field numbers of the Kotlin metadata schema: core/metadata/src/metadata.proto
// (messages of ProtoBuf) and core/metadata.jvm/src/jvm_metadata.proto
// (JvmProtoBuf: its messages and its extensions of the ProtoBuf messages,
// numbered from 100). Each constant is named field<Message><Field>, after the
// message and the camel-cased field name in the schema; a nested message is
// named by its path (Type.Argument: TypeArgument), except Record and
// QualifiedName, whose names are unambiguous. Only the fields the decoder
// reads are listed; it skips every other field.

// Fields of message StringTable (metadata.proto).
const (
	fieldStringTableString = 1
)

// Fields of message QualifiedNameTable (metadata.proto).
const (
	fieldQualifiedNameTableQualifiedName = 1
)

// Fields of message QualifiedNameTable.QualifiedName (metadata.proto).
const (
	fieldQualifiedNameParentQualifiedName = 1
	fieldQualifiedNameShortName           = 2
	fieldQualifiedNameKind                = 3
)

// Fields of message StringTableTypes (jvm_metadata.proto).
const (
	fieldStringTableTypesRecord    = 1
	fieldStringTableTypesLocalName = 5
)

// Fields of message StringTableTypes.Record (jvm_metadata.proto).
const (
	fieldRecordRange           = 1
	fieldRecordPredefinedIndex = 2
	fieldRecordOperation       = 3
	fieldRecordSubstringIndex  = 4
	fieldRecordReplaceChar     = 5
	fieldRecordString          = 6
)

// Fields of message Annotation (metadata.proto).
const (
	fieldAnnotationID       = 1
	fieldAnnotationArgument = 2
)

// Fields of message Annotation.Argument (metadata.proto).
const (
	fieldAnnotationArgumentNameID = 1
	fieldAnnotationArgumentValue  = 2
)

// Fields of message Annotation.Argument.Value (metadata.proto).
const (
	fieldAnnotationArgumentValueType                = 1
	fieldAnnotationArgumentValueIntValue            = 2 // sint64
	fieldAnnotationArgumentValueFloatValue          = 3 // float, fixed32
	fieldAnnotationArgumentValueDoubleValue         = 4 // double, fixed64
	fieldAnnotationArgumentValueStringValue         = 5
	fieldAnnotationArgumentValueClassID             = 6
	fieldAnnotationArgumentValueEnumValueID         = 7
	fieldAnnotationArgumentValueAnnotation          = 8
	fieldAnnotationArgumentValueArrayElement        = 9
	fieldAnnotationArgumentValueFlags               = 10
	fieldAnnotationArgumentValueArrayDimensionCount = 11
)

// Fields of message Type (metadata.proto).
const (
	fieldTypeFlags                      = 1
	fieldTypeArgument                   = 2
	fieldTypeNullable                   = 3
	fieldTypeFlexibleTypeCapabilitiesID = 4
	fieldTypeFlexibleUpperBound         = 5
	fieldTypeClassName                  = 6
	fieldTypeTypeParameter              = 7
	fieldTypeFlexibleUpperBoundID       = 8
	fieldTypeTypeParameterName          = 9
	fieldTypeOuterType                  = 10
	fieldTypeOuterTypeID                = 11
	fieldTypeTypeAliasName              = 12
	fieldTypeAbbreviatedType            = 13
	fieldTypeAbbreviatedTypeID          = 14
	fieldTypeTypeAnnotation             = 100 // JvmProtoBuf extension type_annotation
	fieldTypeIsRaw                      = 101 // JvmProtoBuf extension is_raw
)

// Fields of message Type.Argument (metadata.proto).
const (
	fieldTypeArgumentProjection = 1
	fieldTypeArgumentType       = 2
	fieldTypeArgumentTypeID     = 3
)

// Fields of message TypeParameter (metadata.proto).
const (
	fieldTypeParameterID                      = 1
	fieldTypeParameterName                    = 2
	fieldTypeParameterReified                 = 3
	fieldTypeParameterVariance                = 4
	fieldTypeParameterUpperBound              = 5
	fieldTypeParameterUpperBoundID            = 6
	fieldTypeParameterTypeParameterAnnotation = 100 // JvmProtoBuf extension type_parameter_annotation
)

// Fields of message Class (metadata.proto).
const (
	fieldClassFlags                             = 1
	fieldClassSupertypeID                       = 2
	fieldClassFqName                            = 3
	fieldClassCompanionObjectName               = 4
	fieldClassTypeParameter                     = 5
	fieldClassSupertype                         = 6
	fieldClassNestedClassName                   = 7
	fieldClassConstructor                       = 8
	fieldClassFunction                          = 9
	fieldClassProperty                          = 10
	fieldClassTypeAlias                         = 11
	fieldClassEnumEntry                         = 13
	fieldClassSealedSubclassFqName              = 16
	fieldClassInlineClassUnderlyingPropertyName = 17
	fieldClassInlineClassUnderlyingType         = 18
	fieldClassInlineClassUnderlyingTypeID       = 19
	fieldClassContextReceiverType               = 20
	fieldClassContextReceiverTypeID             = 21
	fieldClassAnnotation                        = 25
	fieldClassTypeTable                         = 30
	fieldClassVersionRequirement                = 31
	fieldClassVersionRequirementTable           = 32
	fieldClassCompilerPluginData                = 33
	fieldClassClassModuleName                   = 101 // JvmProtoBuf extension class_module_name
	fieldClassClassLocalVariable                = 102 // JvmProtoBuf extension class_local_variable
	fieldClassAnonymousObjectOriginName         = 103 // JvmProtoBuf extension anonymous_object_origin_name
	fieldClassJvmClassFlags                     = 104 // JvmProtoBuf extension jvm_class_flags
)

// Fields of message Package (metadata.proto).
const (
	fieldPackageFunction                = 3
	fieldPackageProperty                = 4
	fieldPackageTypeAlias               = 5
	fieldPackageTypeTable               = 30
	fieldPackageVersionRequirementTable = 32
	fieldPackagePackageModuleName       = 101 // JvmProtoBuf extension package_module_name
	fieldPackagePackageLocalVariable    = 102 // JvmProtoBuf extension package_local_variable
)

// Fields of message TypeTable (metadata.proto).
const (
	fieldTypeTableType          = 1
	fieldTypeTableFirstNullable = 2
)

// Fields of message Constructor (metadata.proto).
const (
	fieldConstructorFlags                = 1
	fieldConstructorValueParameter       = 2
	fieldConstructorAnnotation           = 3
	fieldConstructorVersionRequirement   = 31
	fieldConstructorCompilerPluginData   = 32
	fieldConstructorConstructorSignature = 100 // JvmProtoBuf extension constructor_signature
)

// Fields of message Function (metadata.proto).
const (
	fieldFunctionName                        = 2
	fieldFunctionReturnType                  = 3
	fieldFunctionTypeParameter               = 4
	fieldFunctionReceiverType                = 5
	fieldFunctionValueParameter              = 6
	fieldFunctionReturnTypeID                = 7
	fieldFunctionReceiverTypeID              = 8
	fieldFunctionFlags                       = 9
	fieldFunctionContextReceiverType         = 10
	fieldFunctionContextReceiverTypeID       = 11
	fieldFunctionAnnotation                  = 12
	fieldFunctionContextParameter            = 13
	fieldFunctionTypeTable                   = 30
	fieldFunctionVersionRequirement          = 31
	fieldFunctionCompilerPluginData          = 33
	fieldFunctionExtensionReceiverAnnotation = 34
	fieldFunctionMethodSignature             = 100 // JvmProtoBuf extension method_signature
	fieldFunctionLambdaClassOriginName       = 101 // JvmProtoBuf extension lambda_class_origin_name
)

// Fields of message Property (metadata.proto).
const (
	fieldPropertyName                        = 2
	fieldPropertyReturnType                  = 3
	fieldPropertyTypeParameter               = 4
	fieldPropertyReceiverType                = 5
	fieldPropertySetterValueParameter        = 6
	fieldPropertyGetterFlags                 = 7
	fieldPropertySetterFlags                 = 8
	fieldPropertyReturnTypeID                = 9
	fieldPropertyReceiverTypeID              = 10
	fieldPropertyFlags                       = 11
	fieldPropertyContextReceiverType         = 12
	fieldPropertyContextReceiverTypeID       = 13
	fieldPropertyAnnotation                  = 14
	fieldPropertyGetterAnnotation            = 15
	fieldPropertySetterAnnotation            = 16
	fieldPropertyContextParameter            = 17
	fieldPropertyVersionRequirement          = 31
	fieldPropertyCompilerPluginData          = 32
	fieldPropertyExtensionReceiverAnnotation = 33
	fieldPropertyBackingFieldAnnotation      = 34
	fieldPropertyDelegateFieldAnnotation     = 35
	fieldPropertyPropertySignature           = 100 // JvmProtoBuf extension property_signature
	fieldPropertyJvmFlags                    = 101 // JvmProtoBuf extension flags (Property already has a field flags)
)

// Fields of message JvmPropertySignature (jvm_metadata.proto).
const (
	fieldJvmPropertySignatureField           = 1
	fieldJvmPropertySignatureSyntheticMethod = 2
	fieldJvmPropertySignatureGetter          = 3
	fieldJvmPropertySignatureSetter          = 4
	fieldJvmPropertySignatureDelegateMethod  = 5
)

// Fields of messages JvmMethodSignature and JvmFieldSignature
// (jvm_metadata.proto), which share one layout and one reader.
const (
	fieldJvmSignatureName = 1
	fieldJvmSignatureDesc = 2
)

// Fields of message ValueParameter (metadata.proto).
const (
	fieldValueParameterFlags               = 1
	fieldValueParameterName                = 2
	fieldValueParameterType                = 3
	fieldValueParameterVarargElementType   = 4
	fieldValueParameterTypeID              = 5
	fieldValueParameterVarargElementTypeID = 6
	fieldValueParameterAnnotation          = 7
	// Not in the stored copies of metadata.proto; the generated
	// ProtoBuf.ValueParameter of recent Kotlin reads an
	// Annotation.Argument.Value annotationParameterDefaultValue here.
	fieldValueParameterAnnotationParameterDefaultValue = 8
)

// Fields of message TypeAlias (metadata.proto).
const (
	fieldTypeAliasFlags              = 1
	fieldTypeAliasName               = 2
	fieldTypeAliasTypeParameter      = 3
	fieldTypeAliasUnderlyingType     = 4
	fieldTypeAliasUnderlyingTypeID   = 5
	fieldTypeAliasExpandedType       = 6
	fieldTypeAliasExpandedTypeID     = 7
	fieldTypeAliasAnnotation         = 8
	fieldTypeAliasVersionRequirement = 31
	fieldTypeAliasCompilerPluginData = 32
)

// Fields of message EnumEntry (metadata.proto).
const (
	fieldEnumEntryName       = 1
	fieldEnumEntryAnnotation = 2
)

// Fields of message VersionRequirement (metadata.proto).
const (
	fieldVersionRequirementVersion     = 1
	fieldVersionRequirementVersionFull = 2
	fieldVersionRequirementLevel       = 3
	fieldVersionRequirementErrorCode   = 4
	fieldVersionRequirementMessage     = 5
	fieldVersionRequirementVersionKind = 6
)

// Fields of message VersionRequirementTable (metadata.proto).
const (
	fieldVersionRequirementTableRequirement = 1
)

// Fields of message CompilerPluginData (metadata.proto).
const (
	fieldCompilerPluginDataPluginID = 1
	fieldCompilerPluginDataData     = 2
)
