package dagger;

/** Stand-in for dagger.Lazy (KnownStableConstructs, mask 0b1). */
public interface Lazy<T> {
    T get();
}
