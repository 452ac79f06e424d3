//go:build composestab_poison

package archive

// poisonRecycled: built with the composestab_poison tag (the tests in .ci/run), a returned
// class's buffer is overwritten and dropped instead of reused, so that anything still reading it
// reads garbage and a golden comparison fails.
const poisonRecycled = true
