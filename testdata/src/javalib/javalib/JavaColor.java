package javalib;

/** A Java enum: the enum rule comes before the Java-class rule, so it is Stable. */
public enum JavaColor {
    RED,
    GREEN,
}
