//go:build !composestab_poison

package classfile

// poisonReleased is off: see poison_on.go.
const poisonReleased = false
