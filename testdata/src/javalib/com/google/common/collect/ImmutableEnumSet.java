package com.google.common.collect;

/** Stand-in for Guava's ImmutableEnumSet (KnownStableConstructs, mask 0b1). */
public abstract class ImmutableEnumSet<E extends Enum<E>> extends ImmutableSet<E> {}
