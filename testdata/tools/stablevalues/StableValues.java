// StableValues computes the $stable truth of one module jar by letting the JVM run the class
// initialisers that the Compose compiler generated.
//
// Usage: java StableValues <out-dir> <module.jar> [dependency.jar ...]
//
// For every class of <module.jar> that declares a static int field named $stable it creates a
// fresh URLClassLoader (parent: the platform class loader) over all the given jars, initialises
// that class first and reads $stable. It writes, sorted by internal name:
//
//   <out-dir>/stable-values.tsv      <internal name> TAB <int>
//                                    <internal name> TAB error TAB <throwable class>: <message>
//   <out-dir>/stable-init-order.tsv  <C> TAB <D> TAB <value of D>  for every other class D with
//                                    $stable that initialising C initialised as well
//
// The second file is the truth for $stable initialisation cycles, whose values depend on which
// class the JVM initialises first. Only the JDK is used: the tool must run wherever javac does.
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

public final class StableValues {
    private static final String FIELD = "$stable";

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: StableValues <out-dir> <module.jar> [dependency.jar ...]");
            System.exit(2);
        }
        Path outDir = Path.of(args[0]);
        URL[] urls = new URL[args.length - 1];
        for (int i = 1; i < args.length; i++) {
            urls[i - 1] = new File(args[i]).toURI().toURL();
        }
        List<String> classes = classesWithStable(new File(args[1]));

        // Unsafe.shouldBeInitialized tells whether a loaded class has been initialised without
        // initialising it; JDK 17 still has it in jdk.unsupported.
        Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
        Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        Object unsafe = theUnsafe.get(null);
        Method shouldBeInitialized = unsafeClass.getMethod("shouldBeInitialized", Class.class);

        List<String> values = new ArrayList<>();
        List<String> order = new ArrayList<>();
        for (String c : classes) {
            try (URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader())) {
                try {
                    Class<?> k = Class.forName(binaryName(c), true, loader);
                    values.add(c + "\t" + readStable(k));
                } catch (Throwable t) {
                    values.add(c + "\terror\t" + describe(t));
                }
                for (String d : classes) {
                    if (d.equals(c)) {
                        continue;
                    }
                    try {
                        Class<?> k = Class.forName(binaryName(d), false, loader);
                        if (!(Boolean) shouldBeInitialized.invoke(unsafe, k)) {
                            order.add(c + "\t" + d + "\t" + readStable(k));
                        }
                    } catch (Throwable t) {
                        // A class that cannot even be loaded was certainly not initialised.
                    }
                }
            }
        }
        Collections.sort(values);
        Collections.sort(order);
        write(outDir.resolve("stable-values.tsv"), values);
        write(outDir.resolve("stable-init-order.tsv"), order);
        System.err.printf("stablevalues: %s: %d classes with %s, %d init-order rows%n",
                new File(args[1]).getName(), values.size(), FIELD, order.size());
    }

    private static int readStable(Class<?> k) throws ReflectiveOperationException {
        Field f = k.getDeclaredField(FIELD);
        f.setAccessible(true);
        return f.getInt(null);
    }

    private static String binaryName(String internalName) {
        return internalName.replace('/', '.');
    }

    private static String describe(Throwable t) {
        String msg = t.getMessage();
        if (msg == null && t.getCause() != null) {
            msg = t.getCause().toString();
        }
        return (t.getClass().getName() + ": " + msg).replaceAll("[\t\r\n]+", " ");
    }

    private static void write(Path p, List<String> rows) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (String r : rows) {
            sb.append(r).append('\n');
        }
        try (Writer w = Files.newBufferedWriter(p, StandardCharsets.UTF_8)) {
            w.write(sb.toString());
        }
    }

    /** Internal names of the jar's classes that declare a static field $stable of type int, sorted. */
    private static List<String> classesWithStable(File jar) throws IOException {
        List<String> out = new ArrayList<>();
        try (JarFile jf = new JarFile(jar)) {
            Enumeration<JarEntry> entries = jf.entries();
            while (entries.hasMoreElements()) {
                JarEntry e = entries.nextElement();
                String name = e.getName();
                if (!name.endsWith(".class") || name.startsWith("META-INF/") || name.endsWith("module-info.class")) {
                    continue;
                }
                try (InputStream in = jf.getInputStream(e)) {
                    if (hasStableField(readAll(in))) {
                        out.add(name.substring(0, name.length() - ".class".length()));
                    }
                }
            }
        }
        Collections.sort(out);
        return out;
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        in.transferTo(bo);
        return bo.toByteArray();
    }

    /** Walks the class file up to its field table (JVMS 4.1, 4.4, 4.5). */
    private static boolean hasStableField(byte[] b) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(b));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int cpCount = in.readUnsignedShort();
        String[] utf8 = new String[cpCount];
        for (int i = 1; i < cpCount; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1: utf8[i] = in.readUTF(); break;
                case 3: case 4: in.skipBytes(4); break;
                case 5: case 6: in.skipBytes(8); i++; break;
                case 7: case 8: case 16: case 19: case 20: in.skipBytes(2); break;
                case 9: case 10: case 11: case 12: case 17: case 18: in.skipBytes(4); break;
                case 15: in.skipBytes(3); break;
                default: throw new IOException("bad constant pool tag " + tag);
            }
        }
        in.readUnsignedShort(); // access
        in.readUnsignedShort(); // this
        in.readUnsignedShort(); // super
        in.skipBytes(2 * in.readUnsignedShort()); // interfaces
        int fields = in.readUnsignedShort();
        for (int i = 0; i < fields; i++) {
            int access = in.readUnsignedShort();
            String name = utf8[in.readUnsignedShort()];
            String desc = utf8[in.readUnsignedShort()];
            if (FIELD.equals(name) && "I".equals(desc) && Modifier.isStatic(access)) {
                return true;
            }
            int attrs = in.readUnsignedShort();
            for (int a = 0; a < attrs; a++) {
                in.readUnsignedShort();
                in.skipBytes(in.readInt());
            }
        }
        return false;
    }
}
