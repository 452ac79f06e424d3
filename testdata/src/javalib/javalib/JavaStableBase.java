package javalib;

import androidx.compose.runtime.Stable;

/** A Java class carrying Compose's @Stable marker: the marker wins over the Java-class rule. */
@Stable
public class JavaStableBase {
    public int mutableButMarked;
}
