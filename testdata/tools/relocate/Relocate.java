import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Relocate IN.jar OUT.jar FROM TO: copies a jar, replacing the package prefix FROM by TO in every
 * constant-pool string of its class files (both the internal "a/b" and the dotted "a.b" forms).
 *
 * <p>The Compose plugin that Kotlin 2.0.20 and 2.0.21 ship in lib/compose-compiler.jar is built
 * against kotlin-compiler-embeddable, whose IntelliJ classes live under
 * org.jetbrains.kotlin.com.intellij; the distribution's own kotlin-compiler.jar keeps them under
 * com.intellij. Only constant-pool strings name classes, and nothing in a class file points into
 * them by offset, so rewriting the pool is enough to load the plugin into kotlinc.
 */
public final class Relocate {
    public static void main(String[] args) throws IOException {
        byte[] fromSlash = args[2].replace('.', '/').getBytes(StandardCharsets.UTF_8);
        byte[] toSlash = args[3].replace('.', '/').getBytes(StandardCharsets.UTF_8);
        byte[] fromDot = args[2].replace('/', '.').getBytes(StandardCharsets.UTF_8);
        byte[] toDot = args[3].replace('/', '.').getBytes(StandardCharsets.UTF_8);
        int changed = 0;
        try (ZipInputStream in = new ZipInputStream(new FileInputStream(args[0]));
             ZipOutputStream out = new ZipOutputStream(new FileOutputStream(args[1]))) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                byte[] data = in.readAllBytes();
                if (e.getName().endsWith(".class")) {
                    byte[] r = relocate(data, fromSlash, toSlash, fromDot, toDot);
                    if (r != data) changed++;
                    data = r;
                }
                ZipEntry o = new ZipEntry(e.getName());
                o.setTime(e.getTime());
                out.putNextEntry(o);
                out.write(data);
                out.closeEntry();
            }
        }
        System.err.println("Relocate: " + changed + " classes rewritten");
    }

    static byte[] relocate(byte[] cls, byte[] fs, byte[] ts, byte[] fd, byte[] td) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(cls));
        ByteArrayOutputStream buf = new ByteArrayOutputStream(cls.length + 256);
        DataOutputStream out = new DataOutputStream(buf);
        out.writeInt(in.readInt()); // magic
        out.writeInt(in.readInt()); // minor, major
        int count = in.readUnsignedShort();
        out.writeShort(count);
        boolean changed = false;
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            out.writeByte(tag);
            switch (tag) {
                case 1: {
                    byte[] s = new byte[in.readUnsignedShort()];
                    in.readFully(s);
                    byte[] r = replace(replace(s, fs, ts), fd, td);
                    changed |= r != s;
                    out.writeShort(r.length);
                    out.write(r);
                    break;
                }
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
                    out.writeInt(in.readInt());
                    break;
                case 5: case 6:
                    out.writeLong(in.readLong());
                    i++;
                    break;
                case 7: case 8: case 16: case 19: case 20:
                    out.writeShort(in.readUnsignedShort());
                    break;
                case 15:
                    out.writeByte(in.readUnsignedByte());
                    out.writeShort(in.readUnsignedShort());
                    break;
                default:
                    throw new IOException("constant-pool tag " + tag);
            }
        }
        if (!changed) return cls;
        out.write(in.readAllBytes());
        return buf.toByteArray();
    }

    static byte[] replace(byte[] s, byte[] from, byte[] to) {
        ByteArrayOutputStream b = null;
        int last = 0;
        for (int i = 0; i + from.length <= s.length; i++) {
            if (java.util.Arrays.equals(s, i, i + from.length, from, 0, from.length)) {
                if (b == null) b = new ByteArrayOutputStream(s.length);
                b.write(s, last, i - last);
                b.write(to, 0, to.length);
                i += from.length - 1;
                last = i + 1;
            }
        }
        if (b == null) return s;
        b.write(s, last, s.length - last);
        return b.toByteArray();
    }
}
