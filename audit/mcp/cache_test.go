package mcp

import (
	"archive/zip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/composestab/composestab/internal/fixtures"
)

// snapshot is what the cache did so far, and what it holds.
func (c *classpathCache) snapshot() (cacheStats, int, int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats, c.lru.Len(), c.used
}

// explainJSON calls explain and returns its answer's text (the JSON), failing on a tool error.
func explainJSON(t testing.TB, cs *sdk.ClientSession, args map[string]any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "explain", Arguments: args})
	if err != nil {
		t.Fatalf("explain %v: %v", args, err)
	}
	if res.IsError {
		t.Fatalf("explain %v: %s", args, text(res))
	}
	return text(res)
}

// verdictOf is an explain answer's verdict, expression and missing classes.
func verdictOf(t testing.TB, answer string) string {
	t.Helper()
	var x struct {
		Verdict, Expression string
		Missing             []string
	}
	if err := json.Unmarshal([]byte(answer), &x); err != nil {
		t.Fatal(err)
	}
	return x.Verdict + " " + x.Expression + " missing=" + strings.Join(x.Missing, ",")
}

func fileSize(t testing.TB, p string) int64 {
	t.Helper()
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// explainCalls are calls whose answers the cache must not change: one classpath under several
// types, compilers, configurations and call-site kinds, and another classpath.
var explainCalls = []map[string]any{
	{"type": "lib1.LBox<lib1.LData>", "classpath": []string{lib1, stub}},
	{"type": "lib1.LBox<lib1.LUnstable>", "classpath": []string{lib1, stub}},
	{"type": "lib1.LBox<lib1.LData>", "classpath": []string{lib1, stub}, "compiler": "2.0.20"},
	{"type": "lib1.LBox<lib1.LUnstable>", "classpath": []string{lib1, stub}, "configs": []string{"configs/lib1-unstable.conf"}},
	{"type": "lib1.LPair<lib1.LStable, List<lib1.LData>>", "classpath": []string{lib1, stub}, "nonJvm": true},
	{"type": "lib2.L2Box<lib1.LStable>", "classpath": []string{lib2, lib1, stub}},
	{"type": "@Composable () -> Unit"},
}

// TestExplainCacheHit: the second call over the same files opens nothing, and every answer over
// a warm classpath — other types, compilers, configurations — is the one a server without a
// cache gives.
func TestExplainCacheHit(t *testing.T) {
	td := t.TempDir()
	for _, f := range []string{lib1, lib2, stub} {
		copyFile(t, filepath.Join(testdata(t), f), filepath.Join(td, f))
	}
	writeFile(t, filepath.Join(td, "configs/lib1-unstable.conf"), "lib1.LUnstable\n")
	cold := connect(t, newServer(t, Options{Roots: []string{td}, CacheBytes: -1}))
	s := newServer(t, Options{Roots: []string{td}})
	warm := connect(t, s)
	for round := range 2 {
		for _, args := range explainCalls {
			if got, want := explainJSON(t, warm, args), explainJSON(t, cold, args); got != want {
				t.Errorf("round %d, %v:\n got %s\nwant %s", round, args, got, want)
			}
		}
	}
	// Three classpaths: lib1+stub, lib2+lib1+stub and the empty one.
	stats, n, used := s.cache.snapshot()
	want := fileSize(t, filepath.Join(td, lib1))*2 + fileSize(t, filepath.Join(td, lib2)) + fileSize(t, filepath.Join(td, stub))*2
	if stats != (cacheStats{hits: 11, opens: 3}) || n != 3 || used != want {
		t.Errorf("stats %+v, %d entries, %d bytes; want 11 hits, 3 opens, 3 entries, %d bytes", stats, n, used, want)
	}
	for _, tt := range []struct {
		args map[string]any
		want string
	}{
		{explainCalls[0], "stable LBox.$stable | LData.$stable missing="},
		{explainCalls[1], "unstable LBox.$stable | LUnstable.$stable missing="},
		{explainCalls[3], "stable LBox.$stable missing="}, // the configuration declares LUnstable stable: per call
	} {
		if got := verdictOf(t, explainJSON(t, warm, tt.args)); got != tt.want {
			t.Errorf("%v: %s, want %s", tt.args, got, tt.want)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, n, used := s.cache.snapshot(); n != 0 || used != 0 {
		t.Errorf("after Close: %d entries, %d bytes", n, used)
	}
	if got := verdictOf(t, explainJSON(t, warm, explainCalls[0])); got != "stable LBox.$stable | LData.$stable missing=" {
		t.Errorf("after Close: %s", got)
	}
}

// TestExplainCacheInvalidation: a classpath whose files changed — a jar rewritten in place or
// replaced, a class file of a folder removed or rewritten — is opened again and answers from
// the new files; the old version is dropped.
func TestExplainCacheInvalidation(t *testing.T) {
	src := testdata(t)
	later := time.Now().Add(time.Hour)
	for _, tt := range []struct {
		name   string
		folder bool // dep is lib1.jar unpacked, not the jar
		change func(t *testing.T, dep string)
		after  string
	}{
		{"jar rewritten in place", false, func(t *testing.T, dep string) {
			copyFile(t, filepath.Join(src, stub), dep) // same inode: the old file handle would read it
		}, "runtime  missing=lib1.LBox,lib1.LData"},
		{"jar replaced, same size, later mtime", false, func(t *testing.T, dep string) {
			copyFile(t, filepath.Join(src, lib1), dep+".new")
			os.Chtimes(dep+".new", later, later)
			if err := os.Rename(dep+".new", dep); err != nil {
				t.Fatal(err)
			}
		}, "stable LBox.$stable | LData.$stable missing="},
		{"class file removed from a folder", true, func(t *testing.T, dep string) {
			if err := os.Remove(filepath.Join(dep, "lib1", "LData.class")); err != nil {
				t.Fatal(err)
			}
		}, "runtime  missing=lib1.LData"},
		{"class file of a folder touched", true, func(t *testing.T, dep string) {
			os.Chtimes(filepath.Join(dep, "lib1", "LBox.class"), later, later)
		}, "stable LBox.$stable | LData.$stable missing="},
	} {
		t.Run(tt.name, func(t *testing.T) {
			td := t.TempDir()
			copyFile(t, filepath.Join(src, stub), filepath.Join(td, "stub.jar"))
			dep := filepath.Join(td, "dep.jar")
			if tt.folder {
				dep = filepath.Join(td, "classes")
				unzip(t, filepath.Join(src, lib1), dep)
			} else {
				copyFile(t, filepath.Join(src, lib1), dep)
			}
			s := newServer(t, Options{Roots: []string{td}})
			cs := connect(t, s)
			args := map[string]any{"type": "lib1.LBox<lib1.LData>", "classpath": []string{filepath.Base(dep), "stub.jar"}}
			for range 2 {
				if got := verdictOf(t, explainJSON(t, cs, args)); got != "stable LBox.$stable | LData.$stable missing=" {
					t.Fatalf("before: %s", got)
				}
			}
			tt.change(t, dep)
			if got := verdictOf(t, explainJSON(t, cs, args)); got != tt.after {
				t.Errorf("after: %s, want %s", got, tt.after)
			}
			if stats, n, _ := s.cache.snapshot(); stats != (cacheStats{hits: 1, opens: 2, stale: 1}) || n != 1 {
				t.Errorf("stats %+v, %d entries; want 1 hit, 2 opens, 1 stale, 1 entry", stats, n)
			}
		})
	}
}

// TestExplainCacheEviction: under a bound that holds one classpath, the least recently used one
// is dropped for the next; a classpath larger than the bound is opened for its call alone; a
// negative bound keeps nothing. The answers are the same throughout.
func TestExplainCacheEviction(t *testing.T) {
	td := testdata(t)
	one := fileSize(t, filepath.Join(td, lib2)) + fileSize(t, filepath.Join(td, lib1)) + fileSize(t, filepath.Join(td, stub))
	a := map[string]any{"type": "lib1.LBox<lib1.LData>", "classpath": []string{lib1, stub}}
	b := map[string]any{"type": "lib2.L2Box<lib1.LStable>", "classpath": []string{lib2, lib1, stub}}
	for _, tt := range []struct {
		name    string
		bound   int64
		calls   []map[string]any
		stats   cacheStats
		entries int
	}{
		{"one fits", one, []map[string]any{a, a, b, a}, cacheStats{hits: 1, opens: 3, evictions: 2}, 1},
		{"two fit", 2 * one, []map[string]any{a, a, b, a, b}, cacheStats{hits: 3, opens: 2}, 2},
		{"too large", one - 1, []map[string]any{b, b, a, a}, cacheStats{hits: 1, opens: 1, uncached: 2}, 1},
		{"disabled", -1, []map[string]any{a, a, b}, cacheStats{uncached: 3}, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cold := connect(t, newServer(t, Options{Roots: []string{td}, CacheBytes: -1}))
			s := newServer(t, Options{Roots: []string{td}, CacheBytes: tt.bound})
			cs := connect(t, s)
			for _, args := range tt.calls {
				if got, want := explainJSON(t, cs, args), explainJSON(t, cold, args); got != want {
					t.Errorf("%v:\n got %s\nwant %s", args, got, want)
				}
			}
			stats, n, used := s.cache.snapshot()
			if stats != tt.stats || n != tt.entries || used > max(tt.bound, 0) {
				t.Errorf("stats %+v, %d entries, %d bytes; want %+v, %d entries, at most %d bytes", stats, n, used, tt.stats, tt.entries, tt.bound)
			}
		})
	}
}

// TestExplainCacheCount: however small, at most maxCachedClasspaths classpaths are kept (each
// holds its jars open).
func TestExplainCacheCount(t *testing.T) {
	td := t.TempDir()
	for i := range maxCachedClasspaths + 2 {
		copyFile(t, filepath.Join(testdata(t), lib1), filepath.Join(td, fmt.Sprintf("lib%d.jar", i)))
	}
	s := newServer(t, Options{Roots: []string{td}})
	cs := connect(t, s)
	for i := range maxCachedClasspaths + 2 {
		args := map[string]any{"type": "lib1.LBox<lib1.LStable>", "classpath": []string{fmt.Sprintf("lib%d.jar", i)}}
		if got := verdictOf(t, explainJSON(t, cs, args)); got != "stable LBox.$stable | LStable.$stable missing=" {
			t.Errorf("lib%d.jar: %s", i, got)
		}
	}
	if stats, n, _ := s.cache.snapshot(); stats != (cacheStats{opens: maxCachedClasspaths + 2, evictions: 2}) || n != maxCachedClasspaths {
		t.Errorf("stats %+v, %d entries; want %d opens, 2 evictions, %d entries", stats, n, maxCachedClasspaths+2, maxCachedClasspaths)
	}
}

// TestExplainCacheConcurrent: calls at once over shared classpaths — opened by one of them
// while the others wait — answer as a server without a cache does (run with -race).
func TestExplainCacheConcurrent(t *testing.T) {
	td := testdata(t)
	cold := connect(t, newServer(t, Options{Roots: []string{td}, CacheBytes: -1}))
	var want []string
	for _, args := range explainCalls {
		if _, ok := args["configs"]; !ok {
			want = append(want, explainJSON(t, cold, args))
		}
	}
	calls := explainCalls[:0:0]
	for _, args := range explainCalls {
		if _, ok := args["configs"]; !ok {
			calls = append(calls, args)
		}
	}
	s := newServer(t, Options{Roots: []string{td}, MaxConcurrent: 4})
	cs := connect(t, s)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range calls {
				k := (i + g) % len(calls)
				res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "explain", Arguments: calls[k]})
				if err != nil || res.IsError || text(res) != want[k] {
					t.Errorf("%v: %v\n got %s\nwant %s", calls[k], err, text(res), want[k])
				}
			}
		})
	}
	wg.Wait()
	if stats, n, _ := s.cache.snapshot(); stats.opens != 3 || stats.hits != 8*len(calls)-3 || n != 3 {
		t.Errorf("stats %+v, %d entries; want 3 opens, %d hits", stats, n, 8*len(calls)-3)
	}
}

// BenchmarkMCPExplain is explain of a type from kotlin-compiler.jar (57 MiB) through the
// in-process server: cold (the classpath dropped before each call) and warm (kept), with the
// heap a kept classpath holds (retained-MiB).
func BenchmarkMCPExplain(b *testing.B) {
	home, ok := fixtures.KotlinHome()
	if !ok {
		b.Skip("no Kotlin distribution (testdata/kotlin-home installs it)")
	}
	lib := filepath.Join(home, "lib")
	args := map[string]any{"type": "org.jetbrains.kotlin.utils.SmartList<org.jetbrains.kotlin.name.Name>", "classpath": []string{"kotlin-compiler.jar"}}
	b.Run("cold", func(b *testing.B) {
		s := newServer(b, Options{Roots: []string{lib}})
		cs := connect(b, s)
		for range b.N {
			explainJSON(b, cs, args)
			b.StopTimer()
			s.Close()
			b.StartTimer()
		}
	})
	b.Run("warm", func(b *testing.B) {
		s := newServer(b, Options{Roots: []string{lib}})
		cs := connect(b, s)
		before := liveHeap()
		explainJSON(b, cs, args)
		for b.Loop() {
			explainJSON(b, cs, args)
		}
		b.StopTimer()
		kept := liveHeap()
		s.Close()
		b.ReportMetric(float64(kept-before)/(1<<20), "retained-MiB")
	})
}

func liveHeap() int64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

func copyFile(t testing.TB, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, to, string(b))
}

func writeFile(t testing.TB, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// unzip writes the class files of a jar under dir.
func unzip(t testing.TB, jar, dir string) {
	t.Helper()
	zr, err := zip.OpenReader(jar)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if !strings.HasSuffix(f.Name, ".class") {
			continue
		}
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, filepath.FromSlash(f.Name)), string(b))
	}
}
