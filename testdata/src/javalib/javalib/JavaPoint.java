package javalib;

/** Immutable-looking Java class: still Unstable to Compose (every Java class is). */
public final class JavaPoint {
    public final int x;
    public final int y;

    public JavaPoint(int x, int y) {
        this.x = x;
        this.y = y;
    }
}
