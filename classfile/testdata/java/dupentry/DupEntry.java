// DupEntry records which copy of a duplicated zip entry the JDK reads.
//
// Usage: java DupEntry.java [jar]
//
// Without an argument it compiles two versions of class p.Dup (whose static
// field WHICH is "first" or "second") and writes a jar holding, in this
// order, p/Dup.class and p/dup.txt with the first contents, then the same
// two names with the second contents (java.util.zip.ZipOutputStream refuses
// duplicate names, so the zip is written by hand). With an argument it reads
// that jar instead, which must have the same shape. It prints one line per
// API: which copy it read. classfile/testdata/java/dupentry/answer.txt is the
// output of a run on OpenJDK 17; classfile's TestDuplicateEntryMatchesJDK
// asserts it and, when java is installed, runs this program on a jar built by
// the Go test.
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public class DupEntry {
    public static void main(String[] args) throws Exception {
        File jar;
        if (args.length > 0) {
            jar = new File(args[0]);
        } else {
            Path tmp = Files.createTempDirectory("dupentry");
            jar = tmp.resolve("dup.jar").toFile();
            byte[] first = compile(tmp.resolve("first"), "first");
            byte[] second = compile(tmp.resolve("second"), "second");
            List<String> names = List.of("p/Dup.class", "p/dup.txt", "p/Dup.class", "p/dup.txt");
            List<byte[]> data = List.of(first, "first".getBytes(StandardCharsets.UTF_8), second, "second".getBytes(StandardCharsets.UTF_8));
            try (FileOutputStream out = new FileOutputStream(jar)) {
                out.write(storedZip(names, data));
            }
        }
        String txt = "p/dup.txt";
        try (ZipFile zf = new ZipFile(jar)) {
            System.out.println("ZipFile.getEntry+getInputStream=" + read(zf.getInputStream(zf.getEntry(txt))));
            System.out.println("ZipFile.entries=" + Collections.list(zf.entries()).stream().filter(e -> e.getName().equals(txt)).count());
        }
        try (JarFile jf = new JarFile(jar)) {
            System.out.println("JarFile.getJarEntry+getInputStream=" + read(jf.getInputStream(jf.getJarEntry(txt))));
        }
        try (ZipInputStream zin = new ZipInputStream(Files.newInputStream(jar.toPath()))) {
            List<String> seen = new ArrayList<>();
            for (ZipEntry e; (e = zin.getNextEntry()) != null; ) {
                if (e.getName().equals(txt)) {
                    seen.add(read(zin));
                }
            }
            System.out.println("ZipInputStream(streaming, local headers)=" + String.join(",", seen));
        }
        try (URLClassLoader cl = new URLClassLoader(new URL[] {jar.toURI().toURL()}, ClassLoader.getPlatformClassLoader())) {
            try (InputStream in = cl.getResource(txt).openStream()) {
                System.out.println("URLClassLoader.getResource=" + read(in));
            }
            System.out.println("URLClassLoader.getResources=" + Collections.list(cl.getResources(txt)).size());
            Class<?> c = cl.loadClass("p.Dup");
            System.out.println("URLClassLoader.loadClass=" + c.getField("WHICH").get(null));
        }
    }

    static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    // compile returns the class file of p.Dup with WHICH = which.
    static byte[] compile(Path dir, String which) throws IOException {
        Path src = dir.resolve("p/Dup.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, "package p; public class Dup { public static final String WHICH = \"" + which + "\"; }");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac.run(null, null, null, "--release", "8", "-d", dir.toString(), src.toString()) != 0) {
            throw new IOException("javac failed");
        }
        return Files.readAllBytes(dir.resolve("p/Dup.class"));
    }

    // storedZip writes entries (stored, not compressed) with their central
    // directory, duplicates included.
    static byte[] storedZip(List<String> names, List<byte[]> data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream cen = new ByteArrayOutputStream();
        for (int i = 0; i < names.size(); i++) {
            byte[] name = names.get(i).getBytes(StandardCharsets.UTF_8);
            byte[] d = data.get(i);
            CRC32 crc = new CRC32();
            crc.update(d);
            int offset = out.size();
            le32(out, 0x04034b50); le16(out, 20); le16(out, 0); le16(out, 0); le16(out, 0); le16(out, 0x21);
            le32(out, (int) crc.getValue()); le32(out, d.length); le32(out, d.length); le16(out, name.length); le16(out, 0);
            out.write(name); out.write(d);
            le32(cen, 0x02014b50); le16(cen, 20); le16(cen, 20); le16(cen, 0); le16(cen, 0); le16(cen, 0); le16(cen, 0x21);
            le32(cen, (int) crc.getValue()); le32(cen, d.length); le32(cen, d.length); le16(cen, name.length); le16(cen, 0);
            le16(cen, 0); le16(cen, 0); le16(cen, 0); le32(cen, 0); le32(cen, offset);
            cen.write(name);
        }
        int cenOffset = out.size();
        cen.writeTo(out);
        le32(out, 0x06054b50); le16(out, 0); le16(out, 0); le16(out, names.size()); le16(out, names.size());
        le32(out, cen.size()); le32(out, cenOffset); le16(out, 0);
        return out.toByteArray();
    }

    static void le16(ByteArrayOutputStream out, int v) {
        out.write(v); out.write(v >>> 8);
    }

    static void le32(ByteArrayOutputStream out, int v) {
        le16(out, v); le16(out, v >>> 16);
    }
}
