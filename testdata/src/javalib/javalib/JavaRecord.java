package javalib;

/** A Java record (final fields), still a Java class to Compose. */
public record JavaRecord(String name, int age) {}
