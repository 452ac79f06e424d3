import androidx.compose.runtime.Composer;
import androidx.compose.runtime.RecomposeScope;
import androidx.compose.runtime.ScopeUpdateScope;
import java.lang.StackWalker.StackFrame;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import kotlin.jvm.functions.Function2;

/**
 * A Composer for the runtime stub's interface that behaves, for the calls generated code makes,
 * like the real runtime's: a slot table keeps each group's slots and child groups from one
 * composition to the next, changed(x) compares x with the slot at the same position by equals,
 * changedInstance(x) by identity, skipToGroupEnd keeps the group's previous content, and a
 * restart group's update lambda is kept so that the driver can recompose it.
 *
 * It also records, for one case, what the composable under test did: the composable is the first
 * restart group (or, without one, the code) inside the caller's restart group, which is the root's
 * only child. Recorded are the changed*() calls it makes before deciding whether to run its body
 * (shouldExecute), whether it skipped, the JVM method that opened its restart group and the
 * update lambda it registered, which captures the $changed its caller passed.
 */
final class RecordingComposer implements Composer {
    /** One group of the slot table: its own slots and its child groups, kept apart. */
    static final class Group {
        final int key;
        final Object dataKey;
        final boolean restart;
        final List<Object> slots = new ArrayList<>();
        final List<Group> children = new ArrayList<>();
        Function2<Object, Object, Object> update; // a restart group's update-scope lambda
        boolean invalid; // recompose this scope: the runtime's requiresRecompose

        Group(int key, Object dataKey, boolean restart) {
            this.key = key;
            this.dataKey = dataKey;
            this.restart = restart;
        }
    }

    /** A group being composed: the previous composition's group (null when inserting) and the new one. */
    private static final class Frame {
        final Group old;
        final Group built;
        int slot; // next slot of old to read
        int child; // next child group of old to match
        boolean skipped;
        boolean decided; // shouldExecute was called in this restart group

        Frame(Group old, Group built) {
            this.old = old;
            this.built = built;
        }
    }

    /** One changed*() call of the composable under test. */
    static final class Call {
        final String comparison; // "equals" (changed) or "identity" (changedInstance)
        final String overload; // "changed(Object)", "changedInstance(Object)", "changed(int)", ...
        final boolean primitive; // a changed(int)-style overload: value is boxed here
        final Object value;
        final boolean result;

        Call(String comparison, String overload, boolean primitive, Object value, boolean result) {
            this.comparison = comparison;
            this.overload = overload;
            this.primitive = primitive;
            this.value = value;
            this.result = result;
        }
    }

    /** What the composable under test did in one composition. */
    static final class Record {
        final List<Call> calls = new ArrayList<>();
        StackFrame groupOpener; // the method that opened the callee's restart group, if any
        boolean skipped;
        Function2<?, ?, ?> update; // the callee's update lambda of this composition
        boolean callerSkipped;
        final List<String> problems = new ArrayList<>();
    }

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private Group root;
    private final Deque<Frame> frames = new ArrayDeque<>();
    private Record record;
    private Frame caller; // the caller's restart group in this composition
    private Frame callee; // the callee's restart group in this composition
    private boolean calleeDone;

    /** The first composition: fn calls the caller. */
    Record compose(Runnable fn) {
        return pass(fn);
    }

    /** A recomposition of the invalidated caller, through the update lambda it registered. */
    Record recompose() {
        if (root == null || root.children.size() != 1 || root.children.get(0).update == null) {
            throw new IllegalStateException("no caller scope to recompose");
        }
        Group scope = root.children.get(0);
        scope.invalid = true;
        // The real Recomposer calls the scope's block with 1 (force), as here.
        return pass(() -> scope.update.invoke(this, 1));
    }

    private Record pass(Runnable fn) {
        record = new Record();
        caller = null;
        callee = null;
        calleeDone = false;
        frames.clear();
        frames.push(new Frame(root, new Group(0, null, false)));
        fn.run();
        if (frames.size() != 1) {
            record.problems.add("groups left open: " + (frames.size() - 1));
        }
        root = frames.pop().built;
        Record r = record;
        record = null;
        return r;
    }

    // ---- groups

    private Frame top() {
        return frames.peek();
    }

    private Frame nearestRestart() {
        for (Frame f : frames) {
            if (f.built.restart) {
                return f;
            }
        }
        return null;
    }

    private void start(int key, Object dataKey, boolean restart) {
        Frame parent = top();
        Group old = null;
        if (parent.old != null && parent.child < parent.old.children.size()) {
            Group next = parent.old.children.get(parent.child);
            parent.child++; // a group of another key is replaced, as in a replaceable group
            if (next.key == key && Objects.equals(next.dataKey, dataKey) && next.restart == restart) {
                old = next;
            } else {
                record.problems.add("group " + key + " replaces group " + next.key);
            }
        }
        Group built = new Group(key, dataKey, restart);
        if (old != null) {
            built.update = old.update;
        }
        Frame f = new Frame(old, built);
        if (restart) {
            Frame enclosing = nearestRestart();
            if (caller == null && frames.size() == 1) {
                caller = f;
            } else if (callee == null && !calleeDone && enclosing == caller && caller != null) {
                callee = f;
                record.groupOpener = WALKER.walk(s -> s.skip(2).findFirst()).orElse(null);
            }
        }
        frames.push(f);
    }

    private Frame end() {
        if (frames.size() <= 1) {
            throw new IllegalStateException("end of a group that was not started");
        }
        Frame f = frames.pop();
        top().built.children.add(f.built);
        if (f == callee) {
            calleeDone = true;
        }
        return f;
    }

    @Override
    public Composer startRestartGroup(int key) {
        start(key, null, true);
        return this;
    }

    @Override
    public ScopeUpdateScope endRestartGroup() {
        Frame f = end();
        boolean isCallee = f == callee;
        return block -> {
            @SuppressWarnings("unchecked")
            Function2<Object, Object, Object> b = (Function2<Object, Object, Object>) (Function2<?, ?, ?>) block;
            // As in the real runtime, a skipped scope keeps the lambda of the composition that ran.
            if (!f.skipped) {
                f.built.update = b;
            }
            if (isCallee) {
                record.update = block;
            }
        };
    }

    @Override
    public void startReplaceableGroup(int key) {
        start(key, null, false);
    }

    @Override
    public void endReplaceableGroup() {
        end();
    }

    @Override
    public void startReplaceGroup(int key) {
        start(key, null, false);
    }

    @Override
    public void endReplaceGroup() {
        end();
    }

    @Override
    public void startMovableGroup(int key, Object dataKey) {
        start(key, dataKey, false);
    }

    @Override
    public void endMovableGroup() {
        end();
    }

    @Override
    public void startReusableGroup(int key, Object dataKey) {
        start(key, dataKey, false);
    }

    @Override
    public void endReusableGroup() {
        end();
    }

    private static final int DEFAULTS_KEY = -127; // the real runtime's defaultsKey

    @Override
    public void startDefaults() {
        start(DEFAULTS_KEY, null, false);
    }

    @Override
    public void endDefaults() {
        end();
    }

    @Override
    public int getCurrentMarker() {
        return frames.size();
    }

    @Override
    public void endToMarker(int marker) {
        while (frames.size() > marker) {
            end();
        }
    }

    /** Keeps the rest of the current group as the previous composition left it. */
    @Override
    public void skipToGroupEnd() {
        Frame f = top();
        if (f.old != null) {
            f.built.slots.addAll(f.old.slots.subList(f.slot, f.old.slots.size()));
            f.built.children.addAll(f.old.children.subList(f.child, f.old.children.size()));
            f.slot = f.old.slots.size();
            f.child = f.old.children.size();
        }
        f.skipped = true;
        if (f == callee) {
            record.skipped = true;
        } else if (f == caller) {
            record.callerSkipped = true;
        }
    }

    @Override
    public void skipCurrentGroup() {
        Frame f = top();
        if (f.old != null && f.child < f.old.children.size()) {
            f.built.children.add(f.old.children.get(f.child++));
        }
    }

    @Override
    public void deactivateToEndGroup(boolean changed) {
        throw new UnsupportedOperationException("deactivateToEndGroup");
    }

    /** The real runtime: run the body when a parameter changed or when not skipping. */
    @Override
    public boolean shouldExecute(boolean parametersChanged, int flags) {
        Frame r = nearestRestart();
        if (r != null) {
            r.decided = true;
        }
        return parametersChanged || !getSkipping();
    }

    @Override
    public boolean getInserting() {
        return top().old == null;
    }

    /** The real runtime: not inserting and the current scope was not invalidated. */
    @Override
    public boolean getSkipping() {
        Frame r = nearestRestart();
        return !getInserting() && r != null && r.old != null && !r.old.invalid;
    }

    @Override
    public boolean getDefaultsInvalid() {
        return !getSkipping();
    }

    // ---- slots

    private int lastSlot = -1;

    /** The slot at the current position in the previous composition (Empty when there is none). */
    private Object nextSlot() {
        Frame f = top();
        Object v = Composer.Companion.getEmpty();
        if (f.old != null && f.slot < f.old.slots.size()) {
            v = f.old.slots.get(f.slot++);
        }
        f.built.slots.add(v);
        lastSlot = f.built.slots.size() - 1;
        return v;
    }

    private void updateSlot(Object value) {
        top().built.slots.set(lastSlot, value);
    }

    @Override
    public Object rememberedValue() {
        return nextSlot();
    }

    @Override
    public void updateRememberedValue(Object value) {
        updateSlot(value);
    }

    /** Whether a changed*() call now belongs to the composable under test. */
    private boolean recording() {
        Frame r = nearestRestart();
        if (r != null && r == callee) {
            return !r.decided;
        }
        // No restart group of its own (inline, non-restartable, read-only): the caller's body.
        return r != null && r == caller && caller.decided && callee == null && !calleeDone;
    }

    private boolean compare(Object value, boolean identity, String type) {
        boolean primitive = !type.equals("Object");
        Object old = nextSlot();
        boolean differs = identity ? old != value : !Objects.equals(old, value);
        if (differs) {
            updateSlot(value);
        }
        if (recording()) {
            String overload = (identity ? "changedInstance(" : "changed(") + type + ")";
            record.calls.add(new Call(identity ? "identity" : "equals", overload, primitive, value, differs));
        }
        return differs;
    }

    @Override
    public boolean changed(Object value) {
        return compare(value, false, "Object");
    }

    @Override
    public boolean changedInstance(Object value) {
        return compare(value, true, "Object");
    }

    @Override
    public boolean changed(char value) {
        return compare(value, false, "char");
    }

    @Override
    public boolean changed(byte value) {
        return compare(value, false, "byte");
    }

    @Override
    public boolean changed(short value) {
        return compare(value, false, "short");
    }

    @Override
    public boolean changed(boolean value) {
        return compare(value, false, "boolean");
    }

    @Override
    public boolean changed(float value) {
        return compare(value, false, "float");
    }

    @Override
    public boolean changed(long value) {
        return compare(value, false, "long");
    }

    @Override
    public boolean changed(double value) {
        return compare(value, false, "double");
    }

    @Override
    public boolean changed(int value) {
        return compare(value, false, "int");
    }

    // ---- the rest: no effect on what is compared

    private final RecomposeScope scope = () -> {};

    @Override
    public RecomposeScope getRecomposeScope() {
        return scope;
    }

    @Override
    public Object getRecomposeScopeIdentity() {
        return scope;
    }

    @Override
    public int getCompoundKeyHash() {
        return 0;
    }

    @Override
    public Object joinKey(Object left, Object right) {
        return java.util.Arrays.asList(left, right);
    }

    @Override
    public void recordUsed(RecomposeScope scope) {}

    @Override
    public void collectParameterInformation() {}

    @Override
    public void sourceInformation(String sourceInformation) {}

    @Override
    public void sourceInformationMarkerStart(int key, String sourceInformation) {}

    @Override
    public void sourceInformationMarkerEnd() {}
}
