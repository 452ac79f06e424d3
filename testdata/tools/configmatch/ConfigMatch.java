// ConfigMatch runs the Compose compiler plugin's own stability-configuration classes
// (StabilityConfigParser, FqNameMatcher, FqNameMatcherCollection) over a case file and prints
// what they decide, so composestab's configuration parser is tested against the real compiler.
//
// Case file: blocks separated by lines "=== <name>"; inside a block, the configuration lines come
// first, then a line "---", then one class FQN per line to look up.
// Output, per block: "=== <name>", then either "error\t<message with \n escaped>" or one line
// "matcher\t<pattern>\t<key>\t<mask>" per matcher, then "name\t<fqn>\t<maskForName or null>\t<matches>".
import androidx.compose.compiler.plugins.kotlin.analysis.FqNameMatcher;
import androidx.compose.compiler.plugins.kotlin.analysis.FqNameMatcherCollection;
import androidx.compose.compiler.plugins.kotlin.analysis.StabilityConfigParser;
import org.jetbrains.kotlin.name.FqName;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

public final class ConfigMatch {
    public static void main(String[] args) throws Exception {
        List<String> all = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < all.size()) {
            String head = all.get(i++);
            if (!head.startsWith("=== ")) continue;
            List<String> config = new ArrayList<>();
            List<String> names = new ArrayList<>();
            boolean inNames = false;
            while (i < all.size() && !all.get(i).startsWith("=== ")) {
                String l = all.get(i++);
                if (!inNames && l.equals("---")) { inNames = true; continue; }
                (inNames ? names : config).add(l);
            }
            out.append(head).append('\n');
            Set<FqNameMatcher> matchers;
            try {
                matchers = StabilityConfigParser.Companion.fromLines(config).getStableTypeMatchers();
            } catch (Throwable t) {
                out.append("error\t").append(escape(String.valueOf(t.getMessage()))).append('\n');
                continue;
            }
            for (FqNameMatcher m : matchers) {
                out.append("matcher\t").append(m.getPattern()).append('\t').append(m.getKey())
                   .append('\t').append(m.getMask()).append('\n');
            }
            FqNameMatcherCollection coll = new FqNameMatcherCollection(matchers);
            for (String n : names) {
                if (n.isEmpty()) continue;
                FqName fq = new FqName(n);
                Integer mask = coll.maskForName(fq);
                boolean matches = coll.matches(fq, Collections.emptyList());
                out.append("name\t").append(n).append('\t').append(mask == null ? "null" : mask.toString())
                   .append('\t').append(matches).append('\n');
            }
        }
        // Explicit UTF-8: the generator runs with LC_ALL=C, which would turn non-ASCII into '?'.
        java.io.PrintStream utf8 = new java.io.PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        utf8.print(out);
        utf8.flush();
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n");
    }
}
