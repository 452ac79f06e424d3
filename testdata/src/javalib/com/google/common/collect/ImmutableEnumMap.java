package com.google.common.collect;

/** Stand-in for Guava's ImmutableEnumMap (KnownStableConstructs, mask 0b11). */
public abstract class ImmutableEnumMap<K extends Enum<K>, V> extends ImmutableMap<K, V> {}
