package com.google.protobuf;

/** Stand-in for protobuf-lite's base class: final subclasses are Stable to Compose. */
public abstract class GeneratedMessageLite<MessageType extends GeneratedMessageLite<MessageType, BuilderType>, BuilderType> {
    protected int memoizedSerializedSize;
}
