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
// or e's own. Errors are never shared: an entry whose twin failed is checked on its own, so that
// its error names its own input.
func (sh *Shared) check(e *Entry) (*classfile.Class, int64, error) {
	k, ok := e.sharedKey()
	if !ok {
		return e.check()
	}
	sh.mu.Lock()
	cell := sh.cells[k]
	// Read elsewhere, and failed or let go already: nothing to take, so no bytes to compare.
	spent := cell != nil && cell.read && cell.c == nil
	sh.mu.Unlock()
	if cell == nil {
		return e.check()
	}
	if spent {
		sh.claim(cell)
		return e.check()
	}
	f, openErr, readErr := e.loc.readCompressed(e.src.ra, e.src.size)
	if f == nil {
		sh.claim(cell)
		return nil, 0, e.wrap(readError(openErr, readErr))
	}
	sum := maphash.Bytes(sh.seed, f.comp)
	var c *classfile.Class
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
		sh.mu.Lock()
		cell.read, cell.sum, cell.c, cell.n = true, sum, c, n
		sh.mu.Unlock()
	})
	f.put()
	if !read {
		sh.mu.Lock()
		if cell.c != nil && cell.sum == sum {
			c, n = cell.c, cell.n
		}
		sh.mu.Unlock()
	}
	sh.claim(cell)
	if read || c != nil {
		return c, n, err
	}
	return e.check() // the twin failed, or differs in its bytes
}

// claim counts one classpath's taking of cell; the last one lets go of the class.
func (sh *Shared) claim(cell *sharedCell) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if cell.expect--; cell.expect <= 0 {
		cell.c = nil
	}
}
