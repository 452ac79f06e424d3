package javalib;

/** A generic Java class. */
public final class JavaBox<T> {
    private final T value;

    public JavaBox(T value) {
        this.value = value;
    }

    public T get() {
        return value;
    }
}
