package com.google.common.collect;

/** Stand-in for Guava's ImmutableMap (KnownStableConstructs, mask 0b11). */
public abstract class ImmutableMap<K, V> implements java.util.Map<K, V> {}
