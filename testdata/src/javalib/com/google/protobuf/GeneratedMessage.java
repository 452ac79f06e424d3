package com.google.protobuf;

/** Stand-in for full protobuf's base class: final subclasses are Stable to Compose. */
public abstract class GeneratedMessage {
    protected int memoizedSize;
}
