package com.google.common.collect;

/** Stand-in for Guava's ImmutableSet (KnownStableConstructs, mask 0b1). */
public abstract class ImmutableSet<E> implements java.util.Set<E> {}
