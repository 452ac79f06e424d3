import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Parameter names from a method's LocalVariableTable, which kotlinc writes by default (Kotlin
 * adds no MethodParameters attribute without -java-parameters). Reads just enough of the class
 * file to find it.
 */
final class ParamNames {
    private ParamNames() {}

    /** The names of the first n JVM arguments of m (this first for an instance method), "-" when unknown. */
    static List<String> of(Method m, int n) throws IOException {
        String[] byLocal = localNames(m);
        List<String> out = new ArrayList<>();
        int local = 0;
        List<Class<?>> args = new ArrayList<>();
        if (!Modifier.isStatic(m.getModifiers())) {
            args.add(m.getDeclaringClass());
        }
        args.addAll(Arrays.asList(m.getParameterTypes()));
        for (int i = 0; i < n; i++) {
            String name = local < byLocal.length ? byLocal[local] : null;
            out.add(name == null ? "-" : name);
            Class<?> t = args.get(i);
            local += t == long.class || t == double.class ? 2 : 1;
        }
        return out;
    }

    /** Local variable names live from offset 0, indexed by local slot. */
    private static String[] localNames(Method m) throws IOException {
        String owner = m.getDeclaringClass().getName().replace('.', '/') + ".class";
        String desc = ComposeRun.descriptor(m);
        try (InputStream raw = m.getDeclaringClass().getClassLoader().getResourceAsStream(owner)) {
            if (raw == null) {
                throw new IOException(owner + " not found");
            }
            DataInputStream in = new DataInputStream(raw);
            in.readInt(); // magic
            in.readInt(); // minor and major version
            String[] utf8 = new String[in.readUnsignedShort()];
            for (int i = 1; i < utf8.length; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF(); // the class file's modified UTF-8 is readUTF's
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                    case 5, 6 -> {
                        in.readLong();
                        i++; // a long or double takes two entries
                    }
                    case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
                    case 15 -> {
                        in.readUnsignedByte();
                        in.readUnsignedShort();
                    }
                    default -> throw new IOException(owner + ": constant pool tag " + tag);
                }
            }
            in.readUnsignedShort(); // access flags
            in.readUnsignedShort(); // this class
            in.readUnsignedShort(); // super class
            in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
            int fields = in.readUnsignedShort();
            for (int i = 0; i < fields; i++) {
                in.skipNBytes(6);
                skipAttributes(in);
            }
            int methods = in.readUnsignedShort();
            for (int i = 0; i < methods; i++) {
                in.readUnsignedShort();
                String name0 = utf8[in.readUnsignedShort()];
                String desc0 = utf8[in.readUnsignedShort()];
                boolean match = name0.equals(m.getName()) && desc0.equals(desc);
                int attrs = in.readUnsignedShort();
                for (int a = 0; a < attrs; a++) {
                    String name = utf8[in.readUnsignedShort()];
                    int len = in.readInt();
                    if (!match || !name.equals("Code")) {
                        in.skipNBytes(len);
                        continue;
                    }
                    in.skipNBytes(4); // max_stack, max_locals
                    in.skipNBytes(in.readInt()); // code
                    in.skipNBytes(8L * in.readUnsignedShort()); // exception table
                    int codeAttrs = in.readUnsignedShort();
                    for (int ca = 0; ca < codeAttrs; ca++) {
                        String caName = utf8[in.readUnsignedShort()];
                        int caLen = in.readInt();
                        if (!caName.equals("LocalVariableTable")) {
                            in.skipNBytes(caLen);
                            continue;
                        }
                        String[] out = new String[256];
                        int entries = in.readUnsignedShort();
                        for (int e = 0; e < entries; e++) {
                            int start = in.readUnsignedShort();
                            in.readUnsignedShort(); // length
                            String local = utf8[in.readUnsignedShort()];
                            in.readUnsignedShort(); // descriptor
                            int index = in.readUnsignedShort();
                            if (start == 0 && index < out.length) {
                                out[index] = local;
                            }
                        }
                        return out;
                    }
                }
            }
        }
        return new String[0];
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int n = in.readUnsignedShort();
        for (int i = 0; i < n; i++) {
            in.readUnsignedShort();
            in.skipNBytes(in.readInt());
        }
    }
}
