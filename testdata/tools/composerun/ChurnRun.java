// ChurnRun asks the JVM which composables run their bodies again when their caller recomposes
// although nothing it reads changed: the recompositions that fresh arguments to identity-compared
// parameters cost (composestab audit --call-sites).
//
// Usage: java -cp <this>:runtime-stub.jar:kotlin-stdlib.jar ChurnRun <out.tsv> <app.jar> [dependency.jar ...]
//
// The app jar holds callers: public static Churn_<case>(Composer, int) methods that build the
// arguments of their calls themselves, and <package>.Probe, whose static list "bodies" the
// composables under test append their names to when their bodies run. For every case, in a fresh
// RecordingComposer: run 1 composes the caller, run 2 recomposes it (its update lambda with the
// force bit, as the Recomposer does for an invalidated scope). Output, sorted by case, one row
// each: the case, then the composables whose bodies ran in run 2 in the order they ran ("-" for
// none).
import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public final class ChurnRun {
    private static final String PREFIX = "Churn_";

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: ChurnRun <out.tsv> <app.jar> [dependency.jar ...]");
            System.exit(2);
        }
        URL[] urls = new URL[args.length - 1];
        for (int i = 1; i < args.length; i++) {
            urls[i - 1] = new File(args[i]).toURI().toURL();
        }
        StringBuilder out = new StringBuilder();
        List<String> problems = new ArrayList<>();
        int cases = 0;
        try (URLClassLoader loader = new URLClassLoader(urls, ChurnRun.class.getClassLoader())) {
            Map<String, Method> callers = new TreeMap<>();
            for (String name : ComposeRun.classNames(new File(args[1]))) {
                for (Method m : Class.forName(name, false, loader).getDeclaredMethods()) {
                    if (m.getName().startsWith(PREFIX) && Modifier.isStatic(m.getModifiers())
                            && ComposeRun.descriptor(m).equals("(Landroidx/compose/runtime/Composer;I)V")) {
                        callers.put(m.getName().substring(PREFIX.length()), m);
                    }
                }
            }
            if (callers.isEmpty()) {
                throw new IllegalStateException(args[1] + ": no " + PREFIX + "* callers");
            }
            String pkg = callers.values().iterator().next().getDeclaringClass().getPackageName();
            Field bodiesField = Class.forName(pkg + ".Probe", true, loader).getField("bodies");
            @SuppressWarnings("unchecked")
            List<String> bodies = (List<String>) bodiesField.get(null);
            for (var e : callers.entrySet()) {
                try {
                    RecordingComposer composer = new RecordingComposer();
                    bodies.clear();
                    RecordingComposer.Record first = composer.compose(() -> invoke(e.getValue(), composer));
                    if (!first.problems.isEmpty() || bodies.isEmpty()) {
                        throw new IllegalStateException("run 1: " + first.problems + ", bodies " + bodies);
                    }
                    bodies.clear();
                    RecordingComposer.Record second = composer.recompose();
                    if (!second.problems.isEmpty() || second.callerSkipped) {
                        throw new IllegalStateException("run 2: " + second.problems + (second.callerSkipped ? ", the caller skipped" : ""));
                    }
                    out.append(e.getKey()).append('\t').append(bodies.isEmpty() ? "-" : String.join(",", bodies)).append('\n');
                    cases++;
                } catch (Exception | LinkageError x) {
                    problems.add(e.getKey() + ": " + x);
                }
            }
        }
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.err.println("churnrun: " + p));
            System.exit(1);
        }
        Files.writeString(Path.of(args[0]), out.toString(), StandardCharsets.UTF_8);
        System.err.println("churnrun: " + new File(args[1]).getName() + ": " + cases + " cases");
    }

    private static void invoke(Method caller, RecordingComposer composer) {
        try {
            caller.invoke(null, composer, 0);
        } catch (ReflectiveOperationException e) {
            throw new RuntimeException(e);
        }
    }
}
