package mcp

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/explain"
	"github.com/composestab/composestab/audit/scan"
)

// DefaultCacheBytes is the memory Options.CacheBytes allows when zero: 512 MiB.
const DefaultCacheBytes = 512 << 20

// maxCachedClasspaths is the most classpaths kept, whatever their size: each holds its jars
// open.
const maxCachedClasspaths = 32

// classpathCache keeps the classpaths explain opened — the archives' indexes, with the class
// models and $stable values read from them so far — so that the next call over the same files
// answers without reading them again. An entry is keyed by the classpath's files (their paths
// after the root checks, in order) and each one's size and modification time (for a folder,
// those of every file and folder below it), so a file that changed is never answered from: the
// call opens it again and the older version is dropped. Entries are kept within a bound on
// their estimated cost (the bytes of their files as stored), at most maxCachedClasspaths of
// them, the least recently used dropped first; one in use when dropped is closed when its last call ends. It is safe for concurrent
// use.
type classpathCache struct {
	limit int64 // bytes; nothing is kept when <= 0

	mu      sync.Mutex
	entries map[string]*cachedClasspath // by key
	latest  map[string]*cachedClasspath // by paths: the newest version of each file list
	lru     list.List                   // of *cachedClasspath, the most recently used first
	used    int64                       // the cost of the entries
	stats   cacheStats
}

// cacheStats count what the cache did (tests).
type cacheStats struct {
	hits, opens, evictions, stale, uncached int
}

// cachedClasspath is one opened classpath, shared by the calls that use it.
type cachedClasspath struct {
	key, paths string
	cost       int64
	ready      chan struct{} // closed once cp or err is set
	cp         *explain.Classpath
	err        error
	refs       int           // calls using it
	elem       *list.Element // nil once out of the cache
}

func newClasspathCache(limit int64) *classpathCache {
	return &classpathCache{limit: limit, entries: map[string]*cachedClasspath{}, latest: map[string]*cachedClasspath{}}
}

// explain answers opts' explain over the classpath opts.Classpath names, opened with
// opts.Limits, from the cache when it holds the same files unchanged.
func (c *classpathCache) explain(ctx context.Context, opts scan.Options, typ string) (*explain.Explanation, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	cp, release, err := c.acquire(ctx, opts.Classpath, opts.Limits)
	if err != nil {
		return nil, err
	}
	defer release()
	return cp.Explain(ctx, opts, typ)
}

// acquire returns the classpath of paths, opened with limits, and the function to call when the
// call no longer uses it.
func (c *classpathCache) acquire(ctx context.Context, paths []string, limits archive.Limits) (*explain.Classpath, func(), error) {
	pathsKey := strings.Join(paths, "\x00")
	key, cost, ok := "", int64(0), c.limit > 0
	if ok {
		key, cost, ok = stamp(paths, limits)
	}
	if !ok || cost > c.limit {
		// Not kept: a file that cannot be stamped (the open says why), or one too large.
		c.mu.Lock()
		c.stats.uncached++
		c.mu.Unlock()
		cp, err := explain.Open(scan.Options{Classpath: paths, Limits: limits})
		if err != nil {
			return nil, nil, err
		}
		return cp, func() { cp.Close() }, nil
	}
	stamped := key
	key = fmt.Sprintf("%s\x00%+v", key, limits)
	c.mu.Lock()
	e := c.entries[key]
	if e != nil {
		c.stats.hits++
		e.refs++
		c.lru.MoveToFront(e.elem)
		c.mu.Unlock()
		select {
		case <-e.ready:
		case <-ctx.Done():
			c.release(e)
			return nil, nil, ctx.Err()
		}
		if e.err != nil {
			c.release(e)
			return nil, nil, e.err
		}
		return e.cp, func() { c.release(e) }, nil
	}
	c.stats.opens++
	if old := c.latest[pathsKey]; old != nil {
		// The same files, changed since: the old version is never answered from again.
		c.stats.stale++
		c.drop(old)
	}
	e = &cachedClasspath{key: key, paths: pathsKey, cost: cost, ready: make(chan struct{}), refs: 1}
	e.elem = c.lru.PushFront(e)
	c.entries[key], c.latest[pathsKey] = e, e
	c.used += cost
	for c.used > c.limit || c.lru.Len() > maxCachedClasspaths {
		c.stats.evictions++
		c.drop(c.lru.Back().Value.(*cachedClasspath))
	}
	c.mu.Unlock()

	// Opened whatever the caller's context: the next call may use it.
	e.cp, e.err = explain.Open(scan.Options{Classpath: paths, Limits: limits})
	close(e.ready)
	if again, _, _ := stamp(paths, limits); e.err != nil || again != stamped {
		// A file changed while it was read, or nothing could be opened: not kept.
		c.mu.Lock()
		c.drop(e)
		c.mu.Unlock()
	}
	if e.err != nil {
		c.release(e)
		return nil, nil, e.err
	}
	return e.cp, func() { c.release(e) }, nil
}

// drop takes e out of the cache; it is closed once no call uses it. Call with mu held.
func (c *classpathCache) drop(e *cachedClasspath) {
	if e.elem == nil {
		return
	}
	c.lru.Remove(e.elem)
	e.elem = nil
	c.used -= e.cost
	delete(c.entries, e.key)
	if c.latest[e.paths] == e {
		delete(c.latest, e.paths)
	}
	if e.refs == 0 {
		e.close()
	}
}

// release ends one call's use of e.
func (c *classpathCache) release(e *cachedClasspath) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.refs--
	if e.refs == 0 && e.elem == nil {
		e.close()
	}
}

// close closes e's files once it is opened (the opener is the last to release it otherwise).
func (e *cachedClasspath) close() {
	<-e.ready
	if e.cp != nil {
		e.cp.Close()
	}
}

// clear drops every entry.
func (c *classpathCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.lru.Len() > 0 {
		c.drop(c.lru.Front().Value.(*cachedClasspath))
	}
}

// stamp is the key of paths as they are now — each path with its size and modification time,
// and for a folder those of every file and folder below it, links followed as the scan follows
// them — and their cost: the bytes of their files as stored. ok is false when a path cannot be
// stamped (it does not exist, or a folder holds more than limits.MaxEntries files).
func stamp(paths []string, limits archive.Limits) (key string, cost int64, ok bool) {
	maxEntries := limits.MaxEntries
	if maxEntries <= 0 {
		maxEntries = archive.DefaultMaxEntries
	}
	h := sha256.New()
	var buf [8]byte
	put := func(name string, fi fs.FileInfo) {
		h.Write([]byte(name))
		h.Write([]byte{0, byte(fi.Mode().Type() >> 24)})
		binary.LittleEndian.PutUint64(buf[:], uint64(fi.Size()))
		h.Write(buf[:])
		binary.LittleEndian.PutUint64(buf[:], uint64(fi.ModTime().UnixNano()))
		h.Write(buf[:])
	}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return "", 0, false
		}
		put(p, fi)
		if !fi.IsDir() {
			cost += fi.Size()
			continue
		}
		n, ok := stampDir(p, maxEntries, func(rel string, fi fs.FileInfo) {
			put(rel, fi)
			if fi.Mode().IsRegular() {
				cost += fi.Size()
			}
		})
		if !ok {
			return "", 0, false
		}
		h.Write([]byte(fmt.Sprint(n)))
	}
	return hex.EncodeToString(h.Sum(nil)), cost, true
}

// stampDir calls put for every file and folder below dir, following the links to folders (each
// real folder once); false when there are more than maxEntries or a folder cannot be read.
func stampDir(dir string, maxEntries int, put func(rel string, fi fs.FileInfo)) (int, bool) {
	seen := map[string]bool{}
	count, failed := 0, false
	var walk func(real, shown string)
	walk = func(real, shown string) {
		if seen[real] {
			return
		}
		seen[real] = true
		err := filepath.WalkDir(real, func(p string, d fs.DirEntry, err error) error {
			if err != nil || failed {
				failed = true // unreadable: the scan says so each time
				return fs.SkipAll
			}
			if count++; count > maxEntries {
				failed = true
				return fs.SkipAll
			}
			rel, _ := filepath.Rel(real, p)
			name := filepath.Join(shown, rel)
			if d.Type()&fs.ModeSymlink == 0 {
				fi, err := d.Info()
				if err != nil {
					failed = true
					return fs.SkipAll
				}
				put(name, fi)
				return nil
			}
			fi, err := os.Stat(p)
			if err != nil {
				return nil // broken: nothing reads it
			}
			put(name, fi)
			if fi.IsDir() {
				target, err := filepath.EvalSymlinks(p)
				if err != nil {
					failed = true
					return fs.SkipAll
				}
				walk(target, name)
			}
			return nil
		})
		if err != nil {
			failed = true
		}
	}
	walk(dir, "")
	return count, !failed
}
