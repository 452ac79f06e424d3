package archive

import (
	"hash/maphash"
	"sync"

	"github.com/composestab/composestab/classfile"
)

// Shared lets the classpaths of one job read once the class entries that are byte-identical in
// several of them: a diff's old and new states, where most classes of a release are unchanged,
// inflate and parse each such class once. Each classpath keeps its own entries, lookups, errors
// and counts; only the parsed *Class, which depends on the bytes alone, is handed to both.
// Give one to every classpath of the job with SetShared before their first lookup.
type Shared struct {
	seed  maphash.Seed
	mu    sync.Mutex
	cells map[sharedKey]*sharedCell
}

// sharedKey is what an archive's central directory says of an entry; twins with the same key
// are then told apart by a hash of their compressed bytes.
type sharedKey struct {
	class       string
	crc         uint32
	size, csize uint64
}

// sharedCell is one shared entry: the first classpath to check it reads it, the others take the
// class, which the cell holds until each classpath that has the entry has taken it.
type sharedCell struct {
	once   sync.Once
	read   bool             // a classpath has read the entry: c is its class, nil if it failed
	sum    uint64           // hash of the compressed bytes the class was read from
	c      *classfile.Class // nil also once every classpath has taken it
	n      int64            // bytes inflated
	expect int              // classpaths yet to take c
	// supers is the class's supertypes, nil if the read failed: a twin with the same compressed
	// bytes is valid too, and has them, whether or not c is still held.
	supers *supertypes
}

// NewShared returns an empty Shared.
func NewShared() *Shared {
	return &Shared{seed: maphash.MakeSeed(), cells: map[sharedKey]*sharedCell{}}
}

// SetShared makes cp read its shareable entries through sh. Call it before the first lookup.
func (cp *Classpath) SetShared(sh *Shared) {
	cp.shared = sh
	sh.mu.Lock()
	defer sh.mu.Unlock()
	for _, in := range cp.inputs {
		for _, e := range in.Entries {
			if k, ok := e.sharedKey(); ok {
				cell := sh.cells[k]
				if cell == nil {
					cell = &sharedCell{}
					sh.cells[k] = cell
				}
				cell.expect++
			}
		}
	}
}

// sharedKey is e's key when e is one inflate of an archive entry of ordinary size, the only
// kind shared.
func (e *Entry) sharedKey() (sharedKey, bool) {
	z := &e.loc
	if e.src == nil || e.src.ra == nil || !z.slurpable() || z.size > uint64(e.src.limits.MaxEntrySize) {
		return sharedKey{}, false
	}
	return sharedKey{class: e.ClassName, crc: z.crc, size: z.size, csize: z.csize}, true
}

// check is e.check through sh: the class of a byte-identical twin another classpath has read,
// or e's own, with its supertypes. A twin let go already still vouches for e (the same compressed
// bytes inflate to the same valid class): e is then valid with no class to hand over, and not
// inflated again. Errors are never shared: an entry whose twin failed is checked on its own, so
// that its error names its own input.
func (sh *Shared) check(e *Entry) (*classfile.Class, *supertypes, int64, error) {
	k, ok := e.sharedKey()
	if !ok {
		return checkAlone(e)
	}
	sh.mu.Lock()
	cell := sh.cells[k]
	// Read elsewhere and failed: nothing to vouch for e, so no bytes to compare.
	failed := cell != nil && cell.read && cell.supers == nil
	sh.mu.Unlock()
	if cell == nil {
		return checkAlone(e)
	}
	if failed {
		sh.claim(cell)
		return checkAlone(e)
	}
	f, openErr, readErr := e.loc.readCompressed(e.src.ra, e.src.size)
	if f == nil {
		sh.claim(cell)
		return nil, nil, 0, e.wrap(readError(openErr, readErr))
	}
	sum := maphash.Bytes(sh.seed, f.comp)
	var c *classfile.Class
	var st *supertypes
	var n int64
	var err error
	read := false
	cell.once.Do(func() {
		read = true
		sh.mu.Lock()
		many := cell.expect > 1
		sh.mu.Unlock()
		out := e.loc.output(nil)
		if ierr := f.inflate(out, e.loc.crc); ierr != nil {
			err = e.wrap(readError(nil, ierr))
		} else {
			c, n, err = e.define(out, many)
		}
		if c != nil {
			st = supertypesOf(c)
		}
		sh.mu.Lock()
		cell.read, cell.sum, cell.c, cell.n, cell.supers = true, sum, c, n, st
		sh.mu.Unlock()
	})
	f.put()
	vouched := false
	if !read {
		sh.mu.Lock()
		if cell.supers != nil && cell.sum == sum {
			c, st, n, vouched = cell.c, cell.supers, cell.n, true
		}
		sh.mu.Unlock()
	}
	sh.claim(cell)
	if read || vouched {
		return c, st, n, err
	}
	return checkAlone(e) // the twin failed, or differs in its bytes
}

// checkAlone is e.check, not shared, with the class's supertypes.
func checkAlone(e *Entry) (*classfile.Class, *supertypes, int64, error) {
	c, n, err := e.check()
	if c == nil {
		return nil, nil, n, err
	}
	return c, supertypesOf(c), n, err
}

// claim counts one classpath's taking of cell; the last one lets go of the class.
func (sh *Shared) claim(cell *sharedCell) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if cell.expect--; cell.expect <= 0 {
		cell.c = nil
	}
}
