#!/usr/bin/env bash
# Rebuilds classfile/testdata/compose/ from classfile/testdata/kotlin with the
# real Kotlin 2.4.20 compiler and Compose plugin, against the tiny stub here.
set -euo pipefail
cd "$(dirname "$0")/.."
K=${KOTLIN_HOME:-/root/.cache/composestab/kotlin-compiler-2.4.20/node_modules/kotlin-compiler}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$K/bin/kotlinc" -Xplugin="$K/lib/compose-compiler-plugin.jar" \
  kotlin/stub.kt kotlin/stub_internal.kt kotlin/Foo.kt -d "$tmp/out"
rm -rf compose; mkdir -p compose/sample
cp "$tmp"/out/sample/*.class compose/sample/
ls -l compose/sample
