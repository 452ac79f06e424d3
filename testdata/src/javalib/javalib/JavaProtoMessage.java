package javalib;

import com.google.protobuf.GeneratedMessageLite;

/** A protobuf-lite-like message written in Java (a Java class: the Java rule comes after protobuf). */
public final class JavaProtoMessage extends GeneratedMessageLite<JavaProtoMessage, Object> {
    private String name = "";

    public String getName() {
        return name;
    }
}
