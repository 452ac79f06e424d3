// ComposeRun asks the JVM what each compiled composable compares and whether it skips.
//
// Usage: java -cp <this>:runtime-stub.jar:kotlin-stdlib.jar ComposeRun <out.tsv> <app.jar> [dependency.jar ...]
//
// The app jar holds callers: public static Call_<case>(Composer, int) methods that call one
// composable with arguments read from <package>.Args.current, and <package>.Args.argsFor(case),
// which makes new arguments on every call. For every case, in a fresh RecordingComposer:
//
//   run 1  first composition, arguments A = argsFor(case)
//   run 2  recomposition of the caller with A' = argsFor(case): equal to A, not identical
//   run 3  recomposition of the caller with A' again: identical to the previous composition's
//
// A recomposition calls the update lambda the caller registered with 1 (force), as the real
// Recomposer does for an invalidated scope. The app's classes are loaded once per invocation, so
// every $stable is initialised by the JVM from the jars given. The output (see testdata/README.md)
// is sorted by case, run and parameter.
import java.io.File;
import java.lang.invoke.MethodType;
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
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

public final class ComposeRun {
    private static final String COMPOSER = "Landroidx/compose/runtime/Composer;";
    private static final String CALLER_PREFIX = "Call_";

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: ComposeRun <out.tsv> <app.jar> [dependency.jar ...]");
            System.exit(2);
        }
        URL[] urls = new URL[args.length - 1];
        for (int i = 1; i < args.length; i++) {
            urls[i - 1] = new File(args[i]).toURI().toURL();
        }
        List<String> rows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int cases;
        // The parent shares the runtime stub and kotlin-stdlib with this tool: one Composer interface.
        try (URLClassLoader loader = new URLClassLoader(urls, ComposeRun.class.getClassLoader())) {
            List<Class<?>> classes = new ArrayList<>();
            for (String name : classNames(new File(args[1]))) {
                classes.add(Class.forName(name, false, loader));
            }
            TreeMap<String, Method> callers = new TreeMap<>();
            for (Class<?> c : classes) {
                for (Method m : c.getDeclaredMethods()) {
                    if (m.getName().startsWith(CALLER_PREFIX) && Modifier.isStatic(m.getModifiers())
                            && descriptor(m).equals("(" + COMPOSER + "I)V")) {
                        callers.put(m.getName().substring(CALLER_PREFIX.length()), m);
                    }
                }
            }
            if (callers.isEmpty()) {
                throw new IllegalStateException(args[1] + ": no " + CALLER_PREFIX + "* callers");
            }
            String pkg = callers.firstEntry().getValue().getDeclaringClass().getPackageName();
            Class<?> argsClass = Class.forName(pkg + ".Args", true, loader);
            Method argsFor = argsClass.getMethod("argsFor", String.class);
            Field current = argsClass.getField("current");
            Field runs = Class.forName(pkg + ".Probe", true, loader).getField("runs");
            for (var e : callers.entrySet()) {
                String c = e.getKey();
                try {
                    rows.addAll(runCase(c, e.getValue(), classes, argsFor, current, runs));
                } catch (Exception | LinkageError x) {
                    problems.add(c + ": " + x);
                }
            }
            cases = callers.size();
        }
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.err.println("composerun: " + p));
            System.exit(1);
        }
        Path out = Path.of(args[0]);
        Files.writeString(out, String.join("", rows), StandardCharsets.UTF_8);
        System.err.println("composerun: " + new File(args[1]).getName() + ": " + cases + " cases, " + rows.size() + " rows");
    }

    /** The three runs of one case, as TSV rows. */
    private static List<String> runCase(String c, Method caller, List<Class<?>> classes, Method argsFor, Field current,
            Field runs) throws Exception {
        String calleeName = c.contains("__") ? c.substring(0, c.indexOf("__")) : c;
        RecordingComposer composer = new RecordingComposer();
        List<String> rows = new ArrayList<>();
        Object[] args = null;
        Method callee = null;
        for (int run = 1; run <= 3; run++) {
            if (run < 3) {
                args = (Object[]) argsFor.invoke(null, c); // new objects, equal to the last ones
            }
            current.set(null, args);
            int before = runs.getInt(null);
            RecordingComposer.Record rec = run == 1
                    ? composer.compose(() -> invoke(caller, composer))
                    : composer.recompose();
            boolean ran = runs.getInt(null) != before;
            if (!rec.problems.isEmpty()) {
                throw new IllegalStateException("run " + run + ": " + rec.problems);
            }
            if (rec.callerSkipped) {
                throw new IllegalStateException("run " + run + ": the caller skipped");
            }
            Method m = findCallee(classes, calleeName, rec.groupOpener);
            if (callee != null && !callee.equals(m)) {
                throw new IllegalStateException("run " + run + ": callee " + m + ", before " + callee);
            }
            callee = m;
            boolean hasGroup = rec.groupOpener != null;
            if (hasGroup ? ran == rec.skipped : !ran) {
                throw new IllegalStateException("run " + run + ": body ran " + ran + ", skipped " + rec.skipped);
            }
            rows.addAll(rows(c, run, callee, args, rec, !ran));
        }
        return rows;
    }

    private static void invoke(Method caller, RecordingComposer composer) {
        try {
            caller.invoke(null, composer, 0);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }

    /**
     * The composable under test: the method that opened the restart group when there was one,
     * otherwise the only method of the app named name that takes a Composer.
     */
    private static Method findCallee(List<Class<?>> classes, String name, StackWalker.StackFrame opener) {
        List<Method> found = new ArrayList<>();
        for (Class<?> c : classes) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.isSynthetic() || m.isBridge() || !m.getName().equals(name) || !descriptor(m).contains(COMPOSER)) {
                    continue;
                }
                if (opener == null || (opener.getDeclaringClass() == c && opener.getDescriptor().equals(descriptor(m)))) {
                    found.add(m);
                }
            }
        }
        if (opener != null && !opener.getMethodName().equals(name)) {
            throw new IllegalStateException("the first restart group is " + opener + ", not " + name);
        }
        if (found.size() != 1) {
            throw new IllegalStateException("callee " + name + ": " + found.size() + " candidates " + found);
        }
        return found.get(0);
    }

    /** One row per JVM argument of the callee (a row with index "-" when there is none). */
    private static List<String> rows(String c, int run, Method callee, Object[] args, RecordingComposer.Record rec,
            boolean skipped) throws Exception {
        boolean instance = !Modifier.isStatic(callee.getModifiers());
        int before = composerIndex(callee);
        int n = before + (instance ? 1 : 0);
        List<List<String>> comparisons = new ArrayList<>();
        List<List<String>> overloads = new ArrayList<>();
        List<List<String>> differs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            comparisons.add(new ArrayList<>());
            overloads.add(new ArrayList<>());
            differs.add(new ArrayList<>());
        }
        // Generated code compares the value parameters in order (a member's receiver comes last):
        // match each call to the first argument it is (an element or the size of a vararg array),
        // from the last one matched on, then to an earlier argument not matched yet.
        int from = 0;
        boolean[] matched = new boolean[n];
        for (RecordingComposer.Call call : rec.calls) {
            int found = -1;
            String what = null;
            int end = Math.min(n, args.length);
            for (int k = 0; k < end && found < 0; k++) {
                int i = (from + k) % end;
                if (i < from && matched[i]) {
                    continue;
                }
                what = match(call, args[i]);
                if (what != null) {
                    found = i;
                }
            }
            if (found < 0) {
                throw new IllegalStateException("run " + run + ": " + call.comparison + "(" + call.value
                        + ") matches no argument after index " + from);
            }
            comparisons.get(found).add(what + call.comparison);
            overloads.get(found).add(call.overload);
            differs.get(found).add(call.result ? "yes" : "no");
            matched[found] = true;
            from = args[found] != null && args[found].getClass().isArray() ? found : found + 1;
        }
        String owner = callee.getDeclaringClass().getName().replace('.', '/');
        String head = c + "\t" + owner + "\t" + callee.getName() + "\t" + descriptor(callee) + "\t" + run + "\t";
        String tail = "\t" + (skipped ? "yes" : "no") + "\t" + changedInts(rec, callee, n) + "\n";
        List<String> out = new ArrayList<>();
        if (n == 0) {
            out.add(head + "-\t-\tnone\t-\t-" + tail);
        }
        List<String> names = ParamNames.of(callee, n);
        for (int i = 0; i < n; i++) {
            String cmp = comparisons.get(i).isEmpty() ? "none" : String.join(",", comparisons.get(i));
            String ovl = overloads.get(i).isEmpty() ? "-" : String.join(",", overloads.get(i));
            String dif = differs.get(i).isEmpty() ? "-" : String.join(",", differs.get(i));
            out.add(head + i + "\t" + names.get(i) + "\t" + cmp + "\t" + ovl + "\t" + dif + tail);
        }
        return out;
    }

    /**
     * How call compared arg: "" for the argument itself, "size:" or "[j]:" for a vararg array's
     * length or element j, "ordinal:" for an enum's ordinal; null when it is not about arg.
     * Objects match by identity, the values of primitive overloads by type and value.
     */
    private static String match(RecordingComposer.Call call, Object arg) {
        if (arg instanceof Enum<?> e && call.primitive && call.value instanceof Integer i && i == e.ordinal()) {
            return "ordinal:";
        }
        if (arg != null && arg.getClass().isArray()) {
            int len = java.lang.reflect.Array.getLength(arg);
            if (call.primitive && call.value instanceof Integer && (Integer) call.value == len) {
                return "size:";
            }
            for (int j = 0; j < len; j++) {
                if (same(call, java.lang.reflect.Array.get(arg, j))) {
                    return "[" + j + "]:";
                }
            }
            return null;
        }
        return same(call, arg) ? "" : null;
    }

    private static boolean same(RecordingComposer.Call call, Object arg) {
        if (call.value == arg) {
            return true;
        }
        boolean boxed = arg instanceof Number || arg instanceof Boolean || arg instanceof Character;
        return (call.primitive || boxed) && arg != null && arg.getClass() == call.value.getClass() && arg.equals(call.value);
    }

    /**
     * The $changed ints the caller passed, read from the update lambda the callee registered: it
     * captures the receiver (of a member), the arguments and then the trailing ints of the
     * descriptor in order, $changed first. "-" when the callee has no restart group.
     */
    private static String changedInts(RecordingComposer.Record rec, Method callee, int n) throws Exception {
        if (rec.update == null) {
            return "-";
        }
        List<Field> fields = new ArrayList<>();
        for (Field f : rec.update.getClass().getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())) {
                fields.add(f);
            }
        }
        // LambdaMetafactory names the captured values arg$1, arg$2, ... in capture order.
        fields.sort(Comparator.comparingInt(f -> Integer.parseInt(f.getName().substring(f.getName().indexOf('$') + 1))));
        int trailing = callee.getParameterCount() - composerIndex(callee) - 1;
        int count = Math.max(1, (n + 9) / 10);
        if (fields.size() != n + trailing || trailing < count) {
            throw new IllegalStateException("update lambda " + rec.update.getClass() + " captures " + fields.size()
                    + " values, want " + n + " + " + trailing);
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Field f = fields.get(n + i);
            f.setAccessible(true);
            out.add(Integer.toString(f.getInt(rec.update)));
        }
        return String.join(",", out);
    }

    /** The index of the Composer parameter: the number of Kotlin-level JVM parameters before it. */
    private static int composerIndex(Method m) {
        Class<?>[] ps = m.getParameterTypes();
        for (int i = 0; i < ps.length; i++) {
            if (ps[i].getName().equals("androidx.compose.runtime.Composer")) {
                return i;
            }
        }
        throw new IllegalStateException(m + " takes no Composer");
    }

    static String descriptor(Method m) {
        return MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString();
    }

    /** The binary names of the classes in a jar, sorted. */
    static List<String> classNames(File jar) throws Exception {
        List<String> out = new ArrayList<>();
        try (JarFile jf = new JarFile(jar)) {
            for (Enumeration<JarEntry> en = jf.entries(); en.hasMoreElements();) {
                String n = en.nextElement().getName();
                if (n.endsWith(".class") && !n.startsWith("META-INF/")) {
                    out.add(n.substring(0, n.length() - ".class".length()).replace('/', '.'));
                }
            }
        }
        Collections.sort(out);
        return out;
    }
}
