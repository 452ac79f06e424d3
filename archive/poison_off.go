//go:build !composestab_poison

package archive

// poisonRecycled is off: see poison_on.go.
const poisonRecycled = false
