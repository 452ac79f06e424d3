package javalib;

/** A Java interface used as a field type in Kotlin modules. */
public interface JavaShape {
    double area();
}
