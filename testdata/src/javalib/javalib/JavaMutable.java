package javalib;

/** A Java class with a mutable field. */
public class JavaMutable {
    public int count;
}
