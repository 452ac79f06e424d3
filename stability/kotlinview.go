// This file holds the Kotlin metadata the universe reads: one decode per class, shared by the
// model and the call-site analysis.

package stability

import (
	"fmt"
	"sync/atomic"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/metadata"
)

// ReadFunctions makes the model read the Kotlin metadata of a class that names the Composer
// with its functions, once, for the call-site analysis that will ask for them
// (KotlinMetadata); without it the model reads a class's shape only. Call it before the first
// class is read.
func (u *Universe) ReadFunctions() { u.functions = true }

// kotlinView is what fromClassFile reads of a class's kotlin.Metadata: the header (nil for a
// class without one) and, for a class, the declaration without its functions, or why not.
type kotlinView struct {
	header *metadata.Header
	md     *metadata.Metadata
	err    error
	// functions tells that md holds the functions (a full decode).
	functions bool
}

// kotlinViewKey keys kotlinView among a class file's derived facts: a class a diff's two sides
// share is decoded once. full is a decode with functions.
type kotlinViewKey struct{ full bool }

// kotlinView is the class's Kotlin metadata: from the universe's own, when it holds the class's
// full decode, else decoded now (with functions when full, and then kept).
func (u *Universe) kotlinView(cf *classfile.Class, full bool) *kotlinView {
	name := cf.Name()
	u.kmu.Lock()
	kv, ok := u.kotlin[name]
	u.kmu.Unlock()
	if ok {
		return kv
	}
	kv = cf.Derived(kotlinViewKey{full}, func() any { return readKotlinView(cf, full) }).(*kotlinView)
	if full {
		u.kmu.Lock()
		if first, ok := u.kotlin[name]; ok {
			kv = first // decoded meanwhile by another goroutine: everyone gets one value
		} else {
			u.kotlin[name] = kv
		}
		u.kmu.Unlock()
	}
	return kv
}

// KotlinMetadata is the Kotlin metadata of a class with its functions, nil for a Java class, a
// missing class or unreadable metadata. A class is decoded once, whether the model or the
// call-site analysis asks first.
func (u *Universe) KotlinMetadata(jvmName string) *metadata.Metadata {
	u.kmu.Lock()
	kv, ok := u.kotlin[jvmName]
	u.kmu.Unlock()
	if !ok {
		cf, err := u.cp.Borrow(jvmName)
		if err != nil {
			u.kmu.Lock()
			u.kotlin[jvmName] = &kotlinView{err: err}
			u.kmu.Unlock()
			return nil
		}
		kv = u.kotlinView(cf, true) // strings and numbers only: the class can go back
		u.cp.Return(cf)
	}
	if kv.err != nil || !kv.functions {
		return nil
	}
	return kv.md
}

// kotlinReads counts the Kotlin metadata decodes, for the test that each class is decoded once.
var kotlinReads atomic.Int64

// readKotlinView decodes a class file's Kotlin metadata: of a class only, without its functions
// (the model needs its shape), unless full: then of every kind, with functions. The header is
// one for Read (HeaderForRead): d1 goes from cf's bytes to what Read decodes without a string
// made and dropped per class, and nothing of cf's bytes, which may be recycled, is kept.
func readKotlinView(cf *classfile.Class, full bool) *kotlinView {
	h, ok := metadata.HeaderForRead(cf)
	if !ok {
		return &kotlinView{}
	}
	kotlinReads.Add(1)
	kv := &kotlinView{header: h}
	if full {
		kv.md, kv.err = metadata.Read(h)
		kv.functions = kv.err == nil
	}
	if h.Kind == metadata.KindClass && !kv.functions {
		// Functions that do not decode take nothing from the class's shape.
		kv.md, kv.err = metadata.ReadOptions{SkipFunctions: true}.Read(h)
	}
	if kv.err == nil && h.Kind == metadata.KindClass && kv.md.Class == nil {
		kv.err = fmt.Errorf("%s: kotlin.Metadata of kind %d holds no class", cf.Name(), h.Kind)
	}
	return kv
}
