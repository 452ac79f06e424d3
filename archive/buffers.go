package archive

import (
	"math/bits"
	"sync"
)

// Class buffers: the inflated bytes of a class live as long as its parsed Class, which reads
// them lazily. A class that is returned (Classpath.Return) and held by nobody else gives its
// buffer back here, for the next entry to be read into: most of what a scan would otherwise
// allocate, and so most of the collector's work.
const (
	minBufferShift = 10 // 1 KiB, the smallest size class
	maxBufferShift = 20 // 1 MiB; larger buffers are not kept
)

// buffers holds, per size class k, buffers of capacity 1<<(minBufferShift+k).
var buffers [maxBufferShift - minBufferShift + 1]sync.Pool

// bufferClass is the size class of buffers of at least n bytes, false for one too large to
// keep.
func bufferClass(n uint64) (int, bool) {
	if n > 1<<maxBufferShift {
		return 0, false
	}
	k := 0
	if n > 1<<minBufferShift {
		k = bits.Len64(n-1) - minBufferShift
	}
	return k, true
}

// getBuffer returns a buffer of length n: a returned one of n's size class, or a new one of the
// class's full capacity so that it serves any class of that size once returned.
func getBuffer(n uint64) []byte {
	k, ok := bufferClass(n)
	if !ok {
		return make([]byte, n)
	}
	if b, _ := buffers[k].Get().(*[]byte); b != nil {
		return (*b)[:n]
	}
	return make([]byte, n, 1<<(minBufferShift+k))
}

// putBuffer keeps b for a later getBuffer; b must not be used afterwards.
func putBuffer(b []byte) {
	if poisonRecycled {
		b = b[:cap(b)]
		for i := range b {
			b[i] = 0xA5
		}
		return
	}
	c := uint64(cap(b))
	if c < 1<<minBufferShift || c > 1<<maxBufferShift || c&(c-1) != 0 {
		return // not one of ours: a size getBuffer never makes
	}
	k, _ := bufferClass(c)
	b = b[:0]
	buffers[k].Put(&b)
}
