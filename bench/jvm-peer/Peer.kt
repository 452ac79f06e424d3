// The JVM peer: a benchmark stand-in, NOT part of composestab. It does the minimum a
// JVM-based `composestab audit` would have to do on a classpath of jars, so that
// bench/jvm-peer/run can time the Go tool next to it:
//
//   - read every *.class entry of every jar with java.util.zip.ZipFile (skipping
//     META-INF/versions/ and module-info.class), inflating it fully;
//   - parse it with the ASM copy shaded in kotlin-compiler.jar (SKIP_DEBUG | SKIP_FRAMES),
//     keeping name, super, interfaces, access, class annotations (with
//     StabilityInferred's `parameters`), fields, the kotlin.Metadata elements and, for
//     a class with a static $stable field, the instructions of its <clinit>;
//   - read the kotlin.Metadata of each Kotlin class with kotlin-metadata-jvm
//     (KotlinClassMetadata.readLenient) and walk a class's KmClass (supertypes, type
//     parameters, properties, constructors), folding what it sees into a checksum;
//   - all of this on Runtime.availableProcessors() threads.
//
// Usage: peer JAR... prints one line,
//   classes=N kotlin=K stable-fields=S inferred=I checksum=X errors=E
// where N counts the class entries read, K those with kotlin.Metadata, S those with a
// static $stable field, I those annotated @StabilityInferred, E those (of N) that ASM or
// the metadata reader failed on, and X an order-independent sum of hashes of what was
// read. An unreadable jar is fatal (exit 1).
package jvmpeer

import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import java.util.concurrent.atomic.AtomicInteger
import java.util.zip.ZipEntry
import java.util.zip.ZipFile
import kotlin.metadata.*
import kotlin.metadata.jvm.KotlinClassMetadata
import kotlin.metadata.jvm.Metadata
import kotlin.system.exitProcess
import org.jetbrains.org.objectweb.asm.AnnotationVisitor
import org.jetbrains.org.objectweb.asm.ClassReader
import org.jetbrains.org.objectweb.asm.ClassVisitor
import org.jetbrains.org.objectweb.asm.FieldVisitor
import org.jetbrains.org.objectweb.asm.Handle
import org.jetbrains.org.objectweb.asm.Label
import org.jetbrains.org.objectweb.asm.MethodVisitor
import org.jetbrains.org.objectweb.asm.Opcodes

const val METADATA = "Lkotlin/Metadata;"
const val INFERRED = "Landroidx/compose/runtime/internal/StabilityInferred;"
const val STABLE = "\$stable"

class FieldInfo(val name: String, val descriptor: String, val signature: String?, val access: Int, val value: Any?)

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

/** What the peer keeps of one class file. */
class ClassInfo : ClassVisitor(Opcodes.ASM9) {
    var name = ""
    var superName: String? = null
    var interfaces: Array<String>? = null
    var access = 0
    val annotations = ArrayList<String>(4)
    var inferred: Int? = null // StabilityInferred(parameters), 0 when the element is absent
    val fields = ArrayList<FieldInfo>()
    var stableField = false
    var header: Header? = null
    var clinitInsns = 0
    var lastInt = 0 // the int constant pushed last in <clinit>, a hint of what $stable gets

    override fun visit(version: Int, access: Int, name: String, signature: String?, superName: String?, interfaces: Array<String>?) {
        this.access = access
        this.name = name
        this.superName = superName
        this.interfaces = interfaces
    }

    override fun visitAnnotation(descriptor: String, visible: Boolean): AnnotationVisitor? {
        annotations.add(descriptor)
        return when (descriptor) {
            METADATA -> Header().let {
                header = it
                HeaderVisitor(it)
            }
            INFERRED -> {
                inferred = 0
                object : AnnotationVisitor(Opcodes.ASM9) {
                    override fun visit(name: String?, value: Any?) {
                        if (name == "parameters" && value is Int) inferred = value
                    }
                }
            }
            else -> null
        }
    }

    override fun visitField(access: Int, name: String, descriptor: String, signature: String?, value: Any?): FieldVisitor? {
        fields.add(FieldInfo(name, descriptor, signature, access, value))
        if (name == STABLE && access and Opcodes.ACC_STATIC != 0) stableField = true
        return null
    }

    // ASM visits fields before methods, so stableField is known here. Every other method
    // gets no visitor, and ASM skips its code.
    override fun visitMethod(access: Int, name: String, descriptor: String, signature: String?, exceptions: Array<String>?): MethodVisitor? {
        if (!stableField || name != "<clinit>") return null
        return object : MethodVisitor(Opcodes.ASM9) {
            override fun visitInsn(opcode: Int) {
                clinitInsns++
                if (opcode in Opcodes.ICONST_M1..Opcodes.ICONST_5) lastInt = opcode - Opcodes.ICONST_0
            }
            override fun visitIntInsn(opcode: Int, operand: Int) {
                clinitInsns++
                if (opcode != Opcodes.NEWARRAY) lastInt = operand
            }
            override fun visitLdcInsn(value: Any?) {
                clinitInsns++
                if (value is Int) lastInt = value
            }
            override fun visitVarInsn(opcode: Int, varIndex: Int) { clinitInsns++ }
            override fun visitTypeInsn(opcode: Int, type: String) { clinitInsns++ }
            override fun visitFieldInsn(opcode: Int, owner: String, name: String, descriptor: String) { clinitInsns++ }
            override fun visitMethodInsn(opcode: Int, owner: String, name: String, descriptor: String, isInterface: Boolean) { clinitInsns++ }
            override fun visitInvokeDynamicInsn(name: String, descriptor: String, bsm: Handle, vararg bsmArgs: Any?) { clinitInsns++ }
            override fun visitJumpInsn(opcode: Int, label: Label) { clinitInsns++ }
            override fun visitIincInsn(varIndex: Int, increment: Int) { clinitInsns++ }
            override fun visitTableSwitchInsn(min: Int, max: Int, dflt: Label, vararg labels: Label) { clinitInsns++ }
            override fun visitLookupSwitchInsn(dflt: Label, keys: IntArray, labels: Array<Label>) { clinitInsns++ }
            override fun visitMultiANewArrayInsn(descriptor: String, numDimensions: Int) { clinitInsns++ }
        }
    }
}

class HeaderVisitor(private val h: Header) : AnnotationVisitor(Opcodes.ASM9) {
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
                    "mv" -> h.mv = if (values.all { it is Int }) IntArray(values.size) { values[it] as Int } else null
                }
            }
        }
    }
}

fun strings(values: List<Any?>): Array<String>? =
    if (values.all { it is String }) Array(values.size) { values[it] as String } else null

/** Per-thread counts, merged at the end. */
class Stats {
    var classes = 0
    var kotlin = 0
    var stableFields = 0
    var inferred = 0
    var errors = 0
    var checksum = 0L

    fun add(o: Stats) {
        classes += o.classes
        kotlin += o.kotlin
        stableFields += o.stableFields
        inferred += o.inferred
        errors += o.errors
        checksum += o.checksum
    }
}

fun process(zip: ZipFile, entry: ZipEntry, s: Stats) {
    s.classes++
    val c = ClassInfo()
    try {
        val bytes = zip.getInputStream(entry).use { it.readAllBytes() }
        ClassReader(bytes).accept(c, ClassReader.SKIP_DEBUG or ClassReader.SKIP_FRAMES)
    } catch (e: Exception) {
        s.errors++
        return
    }
    var h = c.name.hashCode().toLong()
    h = h * 31 + (c.superName?.hashCode() ?: 0) + c.access
    c.interfaces?.forEach { h = h * 31 + it.hashCode() }
    for (a in c.annotations) h = h * 31 + a.hashCode()
    for (f in c.fields) h = h * 31 + f.name.hashCode() + f.descriptor.hashCode() + (f.signature?.hashCode() ?: 0) + f.access + (f.value?.hashCode() ?: 0)
    c.inferred?.let {
        s.inferred++
        h = h * 31 + it
    }
    if (c.stableField) {
        s.stableFields++
        h = h * 31 + c.clinitInsns * 7 + c.lastInt
    }
    val hd = c.header
    if (hd != null) {
        s.kotlin++
        try {
            val md = KotlinClassMetadata.readLenient(
                Metadata(kind = hd.k, metadataVersion = hd.mv, data1 = hd.d1, data2 = hd.d2,
                    extraString = hd.xs, packageName = hd.pn, extraInt = hd.xi)
            )
            h = h * 31 + (hd.k ?: 1)
            if (md is KotlinClassMetadata.Class) h = h * 31 + walk(md.kmClass)
        } catch (e: Exception) {
            s.errors++
        }
    }
    s.checksum += h
}

fun walk(k: KmClass): Long {
    var h = k.name.hashCode().toLong() + k.flagsHash()
    for (t in k.supertypes) h = h * 31 + typeHash(t)
    for (tp in k.typeParameters) {
        h = h * 31 + tp.name.hashCode() + tp.id + tp.variance.ordinal
        for (b in tp.upperBounds) h = h * 31 + typeHash(b)
    }
    for (p in k.properties) {
        h = h * 31 + p.name.hashCode() + (if (p.isVar) 1 else 0)
        h = h * 31 + typeHash(p.returnType)
    }
    for (c in k.constructors) {
        h = h * 31 + c.valueParameters.size
        for (vp in c.valueParameters) h = h * 31 + vp.name.hashCode() + typeHash(vp.type)
    }
    return h
}

fun KmClass.flagsHash(): Int = kind.ordinal * 64 + modality.ordinal * 8 + visibility.ordinal

/** The type's classifier and, recursively, its arguments': what a stability audit looks at. */
fun typeHash(t: KmType): Long {
    var h = when (val c = t.classifier) {
        is KmClassifier.Class -> c.name.hashCode().toLong()
        is KmClassifier.TypeAlias -> c.name.hashCode().toLong() * 3
        is KmClassifier.TypeParameter -> c.id.toLong() * 5
    }
    if (t.isNullable) h++
    for (a in t.arguments) h = h * 31 + (a.type?.let { typeHash(it) } ?: 7)
    return h
}

fun main(args: Array<String>) {
    if (args.isEmpty()) {
        System.err.println("usage: peer JAR...")
        exitProcess(2)
    }
    val zips = ArrayList<ZipFile>()
    val work = ArrayList<Pair<ZipFile, ZipEntry>>()
    for (path in args) {
        val zip = try {
            ZipFile(path)
        } catch (e: Exception) {
            System.err.println("peer: $path: $e")
            exitProcess(1)
        }
        zips.add(zip)
        for (e in zip.entries()) {
            val n = e.name
            if (e.isDirectory || !n.endsWith(".class") || n.startsWith("META-INF/versions/") ||
                n == "module-info.class" || n.endsWith("/module-info.class")) continue
            work.add(zip to e)
        }
    }
    val threads = Runtime.getRuntime().availableProcessors()
    val pool = Executors.newFixedThreadPool(threads)
    val next = AtomicInteger()
    val futures = (1..threads).map {
        pool.submit<Stats> {
            val s = Stats()
            while (true) {
                val i = next.getAndIncrement()
                if (i >= work.size) break
                val (zip, entry) = work[i]
                process(zip, entry, s)
            }
            s
        }
    }
    val total = Stats()
    for (f in futures) total.add(f.get())
    pool.shutdown()
    pool.awaitTermination(1, TimeUnit.MINUTES)
    zips.forEach { it.close() }
    println("classes=${total.classes} kotlin=${total.kotlin} stable-fields=${total.stableFields} " +
        "inferred=${total.inferred} checksum=${"%016x".format(total.checksum)} errors=${total.errors}")
}
