package par

import (
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

func TestForCallsEachIndexOnce(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		prev := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 7, 1000} {
			counts := make([]atomic.Int32, n)
			var workers atomic.Int32
			ForWorker(n, func() func(int) {
				workers.Add(1)
				return func(i int) { counts[i].Add(1) }
			})
			for i := range counts {
				if c := counts[i].Load(); c != 1 {
					t.Errorf("GOMAXPROCS %d, n %d: index %d called %d times", procs, n, i, c)
				}
			}
			if w := int(workers.Load()); w > max(1, min(procs, n)) || (n > 0 && w == 0) {
				t.Errorf("GOMAXPROCS %d, n %d: %d workers", procs, n, w)
			}
		}
		runtime.GOMAXPROCS(prev)
	}
}

// TestForCarriesPanics: a panic on a worker reaches the caller's goroutine, where it can be
// recovered, with the worker's stack.
func TestForCarriesPanics(t *testing.T) {
	prev := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(prev)
	var got any
	func() {
		defer func() { got = recover() }()
		For(100, func(i int) {
			if i == 37 {
				panic("boom")
			}
		})
	}()
	p, ok := got.(*Panic)
	if !ok || p.Value != "boom" || !strings.Contains(string(p.Stack), "TestForCarriesPanics") {
		t.Fatalf("recovered %#v", got)
	}
}
