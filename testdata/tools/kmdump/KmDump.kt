// kmdump prints the Kotlin metadata of every class in the given jars with
// the official reader (kotlin-metadata-jvm, KotlinClassMetadata.readLenient),
// in the canonical text format of github.com/composestab/composestab/metadata
// (see docs/metadata-text.md and metadata/render_test.go; change both together).
//
// Usage: kmdump JAR... > OUT. Entries are printed per jar, sorted by entry
// name; entries without kotlin.Metadata and entries under META-INF/ are
// skipped. The kotlin.Metadata annotation is read with the ASM copy shaded
// in kotlin-compiler.jar, so no class is ever loaded.
@file:OptIn(
    ExperimentalContextReceivers::class,
    ExperimentalMustUseStatus::class,
    ExperimentalCompanionBlocksAndExtensions::class,
    kotlin.ExperimentalContextParameters::class,
)
@file:Suppress("DEPRECATION", "DEPRECATION_ERROR")

package kmdump

import java.io.BufferedWriter
import java.io.OutputStreamWriter
import java.util.zip.ZipFile
import kotlin.metadata.*
import kotlin.metadata.jvm.*
import org.jetbrains.org.objectweb.asm.AnnotationVisitor
import org.jetbrains.org.objectweb.asm.ClassReader
import org.jetbrains.org.objectweb.asm.ClassVisitor
import org.jetbrains.org.objectweb.asm.Opcodes

/** The elements of one kotlin.Metadata annotation, null when absent. */
class Header {
    var k: Int? = null
    var mv: IntArray? = null
    var d1: Array<String>? = null
    var d2: Array<String>? = null
    var xs: String? = null
    var pn: String? = null
    var xi: Int? = null
}

fun readHeader(bytes: ByteArray): Header? {
    var header: Header? = null
    val flags = ClassReader.SKIP_CODE or ClassReader.SKIP_DEBUG or ClassReader.SKIP_FRAMES
    ClassReader(bytes).accept(object : ClassVisitor(Opcodes.ASM9) {
        override fun visitAnnotation(descriptor: String, visible: Boolean): AnnotationVisitor? {
            if (descriptor != "Lkotlin/Metadata;") return null
            val h = Header()
            header = h
            return object : AnnotationVisitor(Opcodes.ASM9) {
                override fun visit(name: String?, value: Any?) {
                    when (name) {
                        "k" -> h.k = value as? Int
                        "mv" -> h.mv = value as? IntArray
                        "xs" -> h.xs = value as? String
                        "pn" -> h.pn = value as? String
                        "xi" -> h.xi = value as? Int
                    }
                }

                override fun visitArray(name: String?): AnnotationVisitor {
                    val values = ArrayList<Any?>()
                    return object : AnnotationVisitor(Opcodes.ASM9) {
                        override fun visit(n: String?, value: Any?) {
                            values.add(value)
                        }

                        override fun visitEnd() {
                            when (name) {
                                "d1" -> h.d1 = strings(values)
                                "d2" -> h.d2 = strings(values)
                                "mv" -> h.mv = if (values.all { it is Int }) values.map { it as Int }.toIntArray() else null
                            }
                        }
                    }
                }
            }
        }
    }, flags)
    return header
}

fun strings(values: List<Any?>): Array<String>? =
    if (values.all { it is String }) values.map { it as String }.toTypedArray() else null

fun main(args: Array<String>) {
    val out = BufferedWriter(OutputStreamWriter(System.out, Charsets.UTF_8), 1 shl 16)
    for (path in args) {
        ZipFile(path).use { zip ->
            val names = zip.entries().asSequence()
                .map { it.name }
                .filter { it.endsWith(".class") && !it.startsWith("META-INF/") }
                .sorted()
                .toList()
            for (name in names) {
                val bytes = zip.getInputStream(zip.getEntry(name)).use { it.readBytes() }
                val h = readHeader(bytes) ?: continue
                out.write(entryText(name, h))
            }
        }
    }
    out.flush()
}

fun entryText(entry: String, h: Header): String {
    val p = Printer()
    val sb = p.sb
    sb.append("entry ").append(entry)
    sb.append(" k=").append(h.k ?: 1)
    sb.append(" mv=").append((h.mv ?: IntArray(0)).joinToString("."))
    sb.append(" xi=").append(h.xi ?: 0)
    if (!h.xs.isNullOrEmpty()) sb.append(" xs=").append(h.xs)
    if (!h.pn.isNullOrEmpty()) sb.append(" pn=").append(h.pn)
    sb.append('\n')
    val md = try {
        KotlinClassMetadata.readLenient(
            Metadata(kind = h.k, metadataVersion = h.mv, data1 = h.d1, data2 = h.d2,
                extraString = h.xs, packageName = h.pn, extraInt = h.xi)
        )
    } catch (e: Throwable) {
        null
    }
    if (md == null) {
        p.line(1, "error")
        return sb.toString()
    }
    // Render into a second printer so that a failure while walking the
    // lazily built model is also just "error".
    val body = Printer()
    try {
        body.metadata(1, md, h)
    } catch (e: Throwable) {
        p.line(1, "error")
        return sb.toString()
    }
    sb.append(body.sb)
    return sb.toString()
}

class Printer {
    val sb = StringBuilder()
    private var scope: Scope? = null

    private class Scope(val parent: Scope?, val tps: List<KmTypeParameter>)

    private fun push(tps: List<KmTypeParameter>) {
        if (tps.isNotEmpty()) scope = Scope(scope, tps)
    }

    private fun pop(tps: List<KmTypeParameter>) {
        if (tps.isNotEmpty()) scope = scope!!.parent
    }

    private fun tpName(id: Int): String {
        var s = scope
        while (s != null) {
            for (tp in s.tps) if (tp.id == id) return tp.name
            s = s.parent
        }
        return "#$id"
    }

    private fun indent(level: Int) {
        repeat(level) { sb.append("  ") }
    }

    fun line(level: Int, s: String) {
        indent(level)
        sb.append(s).append('\n')
    }

    fun metadata(level: Int, md: KotlinClassMetadata, h: Header) {
        when (md) {
            is KotlinClassMetadata.Class -> klass(level, md.kmClass)
            is KotlinClassMetadata.FileFacade -> {
                line(level, "fileFacade")
                pkg(level + 1, md.kmPackage)
            }
            is KotlinClassMetadata.SyntheticClass -> {
                line(level, "syntheticClass")
                md.kmLambda?.let { function(level + 1, it.function, "lambda") }
            }
            is KotlinClassMetadata.MultiFileClassFacade -> {
                line(level, "multiFileClassFacade")
                for (n in md.partClassNames) line(level + 1, "part $n")
            }
            is KotlinClassMetadata.MultiFileClassPart -> {
                line(level, "multiFileClassPart facade=${md.facadeClassName}")
                pkg(level + 1, md.kmPackage)
            }
            is KotlinClassMetadata.Unknown -> line(level, "unknown")
        }
    }

    // --- flags as words, in bit order (metadata/flags.go) ---

    private fun words(vararg ws: String?): String = ws.filterNotNull().joinToString(" ")

    private fun w(b: Boolean, word: String): String? = if (b) word else null

    private fun rvs(s: ReturnValueStatus): String? =
        if (s == ReturnValueStatus.UNSPECIFIED) null else s.name.lowercase()

    private fun mk(k: MemberKind): String? =
        if (k == MemberKind.DECLARATION) null else k.name.lowercase()

    private fun classFlags(c: KmClass) = words(
        w(c.hasAnnotationsInBytecode, "hasAnnotations"), c.visibility.name.lowercase(), c.modality.name.lowercase(),
        c.kind.name.lowercase(), w(c.isInner, "inner"), w(c.isData, "data"), w(c.isExternal, "external"),
        w(c.isExpect, "expect"), w(c.isValue, "value"), w(c.isFunInterface, "fun"), w(c.hasEnumEntries, "hasEnumEntries"),
    )

    private fun constructorFlags(c: KmConstructor) = words(
        w(c.hasAnnotationsInBytecode, "hasAnnotations"), c.visibility.name.lowercase(), w(c.isSecondary, "secondary"),
        w(c.hasNonStableParameterNames, "nonStableParameterNames"), rvs(c.returnValueStatus),
    )

    private fun functionFlags(f: KmFunction) = words(
        w(f.hasAnnotationsInBytecode, "hasAnnotations"), f.visibility.name.lowercase(), f.modality.name.lowercase(),
        mk(f.kind), w(f.isOperator, "operator"), w(f.isInfix, "infix"), w(f.isInline, "inline"),
        w(f.isTailrec, "tailrec"), w(f.isExternal, "external"), w(f.isSuspend, "suspend"), w(f.isExpect, "expect"),
        w(f.hasNonStableParameterNames, "nonStableParameterNames"), rvs(f.returnValueStatus), w(f.isStatic, "static"),
    )

    private fun propertyFlags(p: KmProperty) = words(
        w(p.hasAnnotationsInBytecode, "hasAnnotations"), p.visibility.name.lowercase(), p.modality.name.lowercase(),
        mk(p.kind), w(p.isVar, "var"), "hasGetter", w(p.setter != null, "hasSetter"), w(p.isConst, "const"),
        w(p.isLateinit, "lateinit"), w(p.hasConstant, "hasConstant"), w(p.isExternal, "external"),
        w(p.isDelegated, "delegated"), w(p.isExpect, "expect"), rvs(p.returnValueStatus), w(p.isStatic, "static"),
    )

    private fun accessorFlags(a: KmPropertyAccessorAttributes) = words(
        w(a.hasAnnotationsInBytecode, "hasAnnotations"), a.visibility.name.lowercase(), a.modality.name.lowercase(),
        w(a.isNotDefault, "notDefault"), w(a.isExternal, "external"), w(a.isInline, "inline"),
    )

    private fun paramFlags(p: KmValueParameter) = words(
        w(p.hasAnnotationsInBytecode, "hasAnnotations"), w(p.declaresDefaultValue, "declaresDefault"),
        w(p.isCrossinline, "crossinline"), w(p.isNoinline, "noinline"),
    )

    private fun typeAliasFlags(a: KmTypeAlias) = words(w(a.hasAnnotations, "hasAnnotations"), a.visibility.name.lowercase())

    private fun flags(ws: String) {
        sb.append(" [").append(ws).append("] ")
    }

    // --- declarations ---

    private fun klass(level: Int, c: KmClass) {
        push(c.typeParameters)
        indent(level)
        sb.append("class")
        flags(classFlags(c))
        sb.append(c.name)
        typeParams(c.typeParameters)
        c.supertypes.forEachIndexed { i, t ->
            sb.append(if (i == 0) " : " else ", ")
            typ(t)
        }
        sb.append('\n')
        val inn = level + 1
        for (t in c.contextReceiverTypes) typeLine(inn, "contextReceiver ", t)
        annotations(inn, "annotation", c.annotations)
        c.companionObject?.let { if (it.isNotEmpty()) line(inn, "companion $it") }
        for (n in c.nestedClasses) line(inn, "nested $n")
        for (e in c.kmEnumEntries) {
            line(inn, "enumEntry ${e.name}")
            annotations(inn + 1, "annotation", e.annotations)
        }
        for (n in c.sealedSubclasses) line(inn, "sealedSubclass $n")
        c.inlineClassUnderlyingPropertyName?.let { if (it.isNotEmpty()) line(inn, "underlyingProperty $it") }
        c.inlineClassUnderlyingType?.let { typeLine(inn, "underlyingType ", it) }
        var jvm = "jvm module=${c.moduleName}"
        val jf = words(w(c.hasMethodBodiesInInterface, "hasMethodBodiesInInterface"),
            w(c.isCompiledInCompatibilityMode, "compiledInCompatibilityMode"))
        if (jf.isNotEmpty()) jvm += " flags=[$jf]"
        c.anonymousObjectOriginName?.let { if (it.isNotEmpty()) jvm += " anonymousObjectOrigin=$it" }
        line(inn, jvm)
        requirements(inn, c.versionRequirements)
        pluginData(inn, c.compilerPluginMetadata)
        for (k in c.constructors) constructor(inn, k)
        members(inn, c.functions, c.properties, c.typeAliases, c.localDelegatedProperties)
        pop(c.typeParameters)
    }

    private fun pkg(level: Int, p: KmPackage) {
        line(level, "jvm module=${p.moduleName}")
        members(level, p.functions, p.properties, p.typeAliases, p.localDelegatedProperties)
    }

    private fun members(
        level: Int, fns: List<KmFunction>, props: List<KmProperty>, aliases: List<KmTypeAlias>, local: List<KmProperty>,
    ) {
        for (f in fns) function(level, f, "fun")
        for (p in props) property(level, p, "")
        for (a in aliases) typeAlias(level, a)
        for (p in local) property(level, p, "localDelegated ")
    }

    private fun constructor(level: Int, k: KmConstructor) {
        indent(level)
        sb.append("constructor [").append(constructorFlags(k)).append(']')
        params(k.valueParameters)
        k.signature?.let { sb.append(" sig=").append(it.name).append(it.descriptor) }
        sb.append('\n')
        annotations(level + 1, "annotation", k.annotations)
        requirements(level + 1, k.versionRequirements)
        pluginData(level + 1, k.compilerPluginMetadata)
    }

    private fun function(level: Int, f: KmFunction, keyword: String) {
        push(f.typeParameters)
        indent(level)
        sb.append(keyword)
        flags(functionFlags(f))
        callableHead(f.typeParameters, f.contextParameters, f.receiverParameterType, f.name)
        params(f.valueParameters)
        sb.append(": ")
        typ(f.returnType)
        f.signature?.let { sb.append(" sig=").append(it.name).append(it.descriptor) }
        f.lambdaClassOriginName?.let { if (it.isNotEmpty()) sb.append(" lambdaOrigin=").append(it) }
        sb.append('\n')
        annotations(level + 1, "annotation", f.annotations)
        annotations(level + 1, "receiverAnnotation", f.extensionReceiverParameterAnnotations)
        requirements(level + 1, f.versionRequirements)
        pluginData(level + 1, f.compilerPluginMetadata)
        pop(f.typeParameters)
    }

    private fun callableHead(tps: List<KmTypeParameter>, ctx: List<KmValueParameter>, recv: KmType?, name: String) {
        if (tps.isNotEmpty()) {
            typeParams(tps)
            sb.append(' ')
        }
        if (ctx.isNotEmpty()) {
            sb.append("context")
            params(ctx)
            sb.append(' ')
        }
        if (recv != null) {
            typ(recv)
            sb.append('.')
        }
        sb.append(name)
    }

    private fun property(level: Int, p: KmProperty, prefix: String) {
        push(p.typeParameters)
        indent(level)
        sb.append(prefix).append(if (p.isVar) "var" else "val")
        flags(propertyFlags(p))
        callableHead(p.typeParameters, p.contextParameters, p.receiverParameterType, p.name)
        sb.append(": ")
        typ(p.returnType)
        sb.append(" get[").append(accessorFlags(p.getter)).append(']')
        p.setter?.let { sb.append(" set[").append(accessorFlags(it)).append(']') }
        p.setterParameter?.let {
            sb.append(" setterParameter(")
            param(it)
            sb.append(')')
        }
        p.fieldSignature?.let { sb.append(" field=").append(it.name).append(':').append(it.descriptor) }
        p.getterSignature?.let { sb.append(" getter=").append(it.name).append(it.descriptor) }
        p.setterSignature?.let { sb.append(" setter=").append(it.name).append(it.descriptor) }
        p.syntheticMethodForAnnotations?.let { sb.append(" syntheticMethod=").append(it.name).append(it.descriptor) }
        p.syntheticMethodForDelegate?.let { sb.append(" delegateMethod=").append(it.name).append(it.descriptor) }
        if (p.isMovedFromInterfaceCompanion) sb.append(" jvmFlags=[movedFromInterfaceCompanion]")
        sb.append('\n')
        val inn = level + 1
        annotations(inn, "annotation", p.annotations)
        annotations(inn, "getterAnnotation", p.getter.annotations)
        annotations(inn, "setterAnnotation", p.setter?.annotations ?: emptyList())
        annotations(inn, "receiverAnnotation", p.extensionReceiverParameterAnnotations)
        annotations(inn, "backingFieldAnnotation", p.backingFieldAnnotations)
        annotations(inn, "delegateFieldAnnotation", p.delegateFieldAnnotations)
        requirements(inn, p.versionRequirements)
        pluginData(inn, p.compilerPluginMetadata)
        pop(p.typeParameters)
    }

    private fun typeAlias(level: Int, a: KmTypeAlias) {
        push(a.typeParameters)
        indent(level)
        sb.append("typealias")
        flags(typeAliasFlags(a))
        sb.append(a.name)
        typeParams(a.typeParameters)
        sb.append(" = ")
        typ(a.underlyingType)
        sb.append(" expanded=")
        typ(a.expandedType)
        sb.append('\n')
        annotations(level + 1, "annotation", a.annotations)
        requirements(level + 1, a.versionRequirements)
        pluginData(level + 1, a.compilerPluginMetadata)
        pop(a.typeParameters)
    }

    private fun typeParams(tps: List<KmTypeParameter>) {
        if (tps.isEmpty()) return
        sb.append('<')
        tps.forEachIndexed { i, tp ->
            if (i > 0) sb.append(", ")
            for (a in tp.annotations) {
                annotation(a)
                sb.append(' ')
            }
            if (tp.isReified) sb.append("reified ")
            when (tp.variance) {
                KmVariance.IN -> sb.append("in ")
                KmVariance.OUT -> sb.append("out ")
                KmVariance.INVARIANT -> {}
            }
            sb.append(tp.name)
            tp.upperBounds.forEachIndexed { j, t ->
                sb.append(if (j == 0) " : " else " & ")
                typ(t)
            }
        }
        sb.append('>')
    }

    private fun params(ps: List<KmValueParameter>) {
        sb.append('(')
        ps.forEachIndexed { i, p ->
            if (i > 0) sb.append(", ")
            param(p)
        }
        sb.append(')')
    }

    private fun param(p: KmValueParameter) {
        for (a in p.annotations) {
            annotation(a)
            sb.append(' ')
        }
        val fw = paramFlags(p)
        if (fw.isNotEmpty()) sb.append('[').append(fw).append("] ")
        sb.append(p.name).append(": ")
        typ(p.type)
        p.varargElementType?.let {
            sb.append(" vararg=")
            typ(it)
        }
        p.annotationParameterDefaultValue?.let {
            sb.append(" default=")
            argument(it)
        }
    }

    private fun typeLine(level: Int, prefix: String, t: KmType) {
        indent(level)
        sb.append(prefix)
        typ(t)
        sb.append('\n')
    }

    private fun typ(t: KmType?) {
        if (t == null) {
            sb.append("<nil>")
            return
        }
        val fub = t.flexibleTypeUpperBound
        if (fub != null) sb.append('(')
        for (a in t.annotations) {
            annotation(a)
            sb.append(' ')
        }
        if (t.isRaw) sb.append("raw ")
        if (t.isSuspend) sb.append("suspend ")
        when (val c = t.classifier) {
            is KmClassifier.Class -> sb.append(c.name)
            is KmClassifier.TypeAlias -> sb.append("typealias:").append(c.name)
            is KmClassifier.TypeParameter -> sb.append(tpName(c.id))
        }
        if (t.arguments.isNotEmpty()) {
            sb.append('<')
            t.arguments.forEachIndexed { i, a ->
                if (i > 0) sb.append(", ")
                val v = a.variance
                if (v == null) {
                    sb.append('*')
                } else {
                    when (v) {
                        KmVariance.IN -> sb.append("in ")
                        KmVariance.OUT -> sb.append("out ")
                        KmVariance.INVARIANT -> {}
                    }
                    typ(a.type)
                }
            }
            sb.append('>')
        }
        if (t.isNullable) sb.append('?')
        if (t.isDefinitelyNonNull) sb.append(" & Any")
        t.outerType?.let {
            sb.append("{outer=")
            typ(it)
            sb.append('}')
        }
        t.abbreviatedType?.let {
            sb.append("{abbr=")
            typ(it)
            sb.append('}')
        }
        if (fub != null) {
            sb.append("..")
            typ(fub.type)
            if (fub.typeFlexibilityId != "kotlin.jvm.PlatformType") sb.append('|').append(fub.typeFlexibilityId ?: "")
            sb.append(')')
        }
    }

    private fun annotations(level: Int, keyword: String, anns: List<KmAnnotation>) {
        for (a in anns) {
            indent(level)
            sb.append(keyword).append(' ')
            annotation(a)
            sb.append('\n')
        }
    }

    private fun annotation(a: KmAnnotation) {
        sb.append('@').append(a.className)
        if (a.arguments.isEmpty()) return
        sb.append('(')
        var first = true
        for ((name, value) in a.arguments) {
            if (!first) sb.append(", ")
            first = false
            sb.append(name).append(" = ")
            argument(value)
        }
        sb.append(')')
    }

    private fun argument(v: KmAnnotationArgument) {
        when (v) {
            is KmAnnotationArgument.ByteValue -> sb.append("Byte(").append(v.value).append(')')
            is KmAnnotationArgument.CharValue -> sb.append("Char(").append(v.value.code).append(')')
            is KmAnnotationArgument.ShortValue -> sb.append("Short(").append(v.value).append(')')
            is KmAnnotationArgument.IntValue -> sb.append("Int(").append(v.value).append(')')
            is KmAnnotationArgument.LongValue -> sb.append("Long(").append(v.value).append(')')
            is KmAnnotationArgument.FloatValue ->
                sb.append("Float(0x").append("%08x".format(java.lang.Float.floatToRawIntBits(v.value))).append(')')
            is KmAnnotationArgument.DoubleValue ->
                sb.append("Double(0x").append("%016x".format(java.lang.Double.doubleToRawLongBits(v.value))).append(')')
            is KmAnnotationArgument.BooleanValue -> sb.append("Boolean(").append(v.value).append(')')
            is KmAnnotationArgument.UByteValue -> sb.append("UByte(").append(v.value.toString()).append(')')
            is KmAnnotationArgument.UShortValue -> sb.append("UShort(").append(v.value.toString()).append(')')
            is KmAnnotationArgument.UIntValue -> sb.append("UInt(").append(v.value.toString()).append(')')
            is KmAnnotationArgument.ULongValue -> sb.append("ULong(").append(v.value.toString()).append(')')
            is KmAnnotationArgument.StringValue -> quote(v.value)
            is KmAnnotationArgument.KClassValue -> sb.append("KClass(").append(v.className).append(')')
            is KmAnnotationArgument.ArrayKClassValue ->
                sb.append("ArrayKClass(").append(v.className).append(", ").append(v.arrayDimensionCount).append(')')
            is KmAnnotationArgument.EnumValue ->
                sb.append("Enum(").append(v.enumClassName).append('.').append(v.enumEntryName).append(')')
            is KmAnnotationArgument.AnnotationValue -> annotation(v.annotation)
            is KmAnnotationArgument.ArrayValue -> {
                sb.append('[')
                v.elements.forEachIndexed { i, e ->
                    if (i > 0) sb.append(", ")
                    argument(e)
                }
                sb.append(']')
            }
        }
    }

    private fun quote(s: String) {
        sb.append('"')
        for (c in s) {
            when {
                c == '"' || c == '\\' -> sb.append('\\').append(c)
                c.code < 0x20 || c.code >= 0x7f -> sb.append("\\u").append("%04x".format(c.code))
                else -> sb.append(c)
            }
        }
        sb.append('"')
    }

    private fun requirements(level: Int, vrs: List<KmVersionRequirement>) {
        for (vr in vrs) {
            indent(level)
            sb.append("versionRequirement ").append(vr.kind.name.lowercase()).append(' ')
                .append(vr.level.name.lowercase()).append(' ')
                .append(vr.version.major).append('.').append(vr.version.minor).append('.').append(vr.version.patch)
            vr.errorCode?.let { sb.append(" errorCode=").append(it) }
            vr.message?.let {
                sb.append(" message=")
                quote(it)
            }
            sb.append('\n')
        }
    }

    private fun pluginData(level: Int, data: Map<String, ByteArray>) {
        for ((id, bytes) in data) {
            line(level, "pluginData $id " + bytes.joinToString("") { "%02x".format(it) })
        }
    }
}
