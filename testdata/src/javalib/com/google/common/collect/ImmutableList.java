package com.google.common.collect;

/** Stand-in for Guava's ImmutableList (KnownStableConstructs, mask 0b1). */
public abstract class ImmutableList<E> implements java.util.List<E> {
    public static <E> ImmutableList<E> of() {
        throw new UnsupportedOperationException("stand-in");
    }
}
