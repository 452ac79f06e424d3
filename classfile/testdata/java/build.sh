#!/usr/bin/env bash
# Rebuilds the committed Java fixtures under classfile/testdata from
# classfile/testdata/java. Needs javac/jar 17. Output is deterministic
# (fixed jar timestamps); re-run only when the sources change.
set -euo pipefail
cd "$(dirname "$0")/.."
D=--date=1980-01-01T00:00:02Z
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

rm -rf classes classes8 jars
# Java 17: everything, plus module-info in the same folder.
javac -nowarn --release 17 -d classes java/module/module-info.java java/src/fixture/*.java
# Java 8 (major 52) and 11 (55) versions of Sample for the multi-release jar.
javac -nowarn --release 8 -d classes8 java/src/fixture/All.java java/src/fixture/Hidden.java java/src/fixture/Sample.java
javac -nowarn --release 11 -d "$tmp/c11" java/src/fixture/All.java java/src/fixture/Hidden.java java/src/fixture/Sample.java
rm -f "$tmp"/c11/fixture/All.class "$tmp"/c11/fixture/Hidden.class

mkdir -p jars
jar --create --file jars/fixture.jar $D -C classes .
# Multi-release: base is Java 8, META-INF/versions/11 and /17 override Sample.
mkdir -p "$tmp/c17/fixture"; cp classes/fixture/Sample*.class "$tmp/c17/fixture/"
jar --create --file jars/mr.jar $D -C classes8 . --release 11 -C "$tmp/c11" . --release 17 -C "$tmp/c17" .
# AAR: classes.jar (fixture classes) + libs/extra.jar (Java 8 Sample, shadowed) + a non-jar lib.
mkdir -p "$tmp/aar/libs"
cp jars/fixture.jar "$tmp/aar/classes.jar"
jar --create --file "$tmp/aar/libs/extra.jar" $D -C classes8 .
echo '<manifest package="fixture"/>' > "$tmp/aar/AndroidManifest.xml"
echo 'not a jar' > "$tmp/aar/libs/notes.txt"
jar --create --file jars/fixture.aar --no-manifest $D -C "$tmp/aar" .
ls -l classes/fixture classes8/fixture jars
