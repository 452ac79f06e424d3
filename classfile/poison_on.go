//go:build composestab_poison

package classfile

// poisonReleased: built with the composestab_poison tag (the tests in .ci/run), a released
// class's constant-pool arrays are overwritten and dropped instead of reused, so that anything
// still reading them reads garbage and a golden comparison fails.
const poisonReleased = true
