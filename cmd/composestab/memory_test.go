package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
)

// TestMemoryBudget checks the limit a scan's inputs set: 1.75 x their size, at least the floor
// enable sets, never lowered, and nothing at all while disabled (tests, or GOGC set).
func TestMemoryBudget(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1)) // restore whatever was in force
	dir := t.TempDir()
	big := filepath.Join(dir, "big.jar")
	if err := os.WriteFile(big, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(big, 80<<20); err != nil { // sparse: its size is what counts
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "classes")
	if err := os.MkdirAll(filepath.Join(folder, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(folder, "p", "A.class"), make([]byte, 1000), 0o644); err != nil {
		t.Fatal(err)
	}

	var off memoryBudget
	off.reserve(big)
	if off.limit != 0 || off.inputs != 0 {
		t.Errorf("disabled budget set limit %d from %d bytes", off.limit, off.inputs)
	}

	m := memoryBudget{enabled: true}
	m.setLimit(minMemoryLimit)
	m.reserve(folder, filepath.Join(dir, "missing.jar"))
	if m.inputs != 1000 || m.limit != minMemoryLimit {
		t.Errorf("small inputs: %d bytes, limit %d; want 1000, %d", m.inputs, m.limit, minMemoryLimit)
	}
	m.reserve(big)
	want := int64(float64(80<<20+1000) * limitPerInputByte)
	if m.limit != want || debug.SetMemoryLimit(-1) != want {
		t.Errorf("limit %d (runtime %d), want %d", m.limit, debug.SetMemoryLimit(-1), want)
	}
	m.mu.Lock()
	m.setLimit(want / 2) // the governor's live-heap floor never lowers it
	m.mu.Unlock()
	if m.limit != want {
		t.Errorf("limit lowered to %d", m.limit)
	}
}
