// Package par is composestab's one worker pool: loops whose iterations are independent run on
// every core.
package par

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// For calls fn(0), …, fn(n-1) on min(GOMAXPROCS, n) goroutines, each taking the next index as it
// finishes one, and returns when every call has returned.
func For(n int, fn func(i int)) {
	ForWorker(n, func() func(int) { return fn })
}

// ForWorker is For with state per goroutine: newWorker runs once on each goroutine and returns
// the function that handles the indices that goroutine takes (a reused buffer, say).
func ForWorker(n int, newWorker func() func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		if n > 0 {
			fn := newWorker()
			for i := range n {
				fn(i)
			}
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Pointer[Panic]
	for range workers {
		wg.Go(func() {
			// A panic on a worker would end the process before any caller could recover it: it
			// is carried to the caller's goroutine instead, and the other workers stop early.
			defer func() {
				if r := recover(); r != nil {
					failed.CompareAndSwap(nil, &Panic{Value: r, Stack: debug.Stack()})
					next.Store(int64(n))
				}
			}()
			fn := newWorker()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				fn(i)
			}
		})
	}
	wg.Wait()
	if p := failed.Load(); p != nil {
		panic(p)
	}
}

// Panic is what For panics with in the caller's goroutine when an iteration panicked on a
// worker: the value and the worker's stack.
type Panic struct {
	Value any
	Stack []byte
}

func (p *Panic) Error() string { return fmt.Sprint(p.Value) }
