package metadata

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzHeader builds a header from fuzz arguments. mode 0 writes data as d1
// in UTF-8 mode (so the fuzzer mutates the protobuf bytes), 1 in the
// 8-to-7-bit mode, 2 uses data as the raw d1 strings, split at newlines.
func fuzzHeader(k int, mv, data []byte, d2 string, xi, mode int) *Header {
	h := &Header{Kind: Kind(k), ExtraInt: xi, ExtraString: "xs", Data2: strings.Split(d2, "\n")}
	for _, b := range mv {
		h.MetadataVersion = append(h.MetadataVersion, int(int8(b)))
	}
	switch mode % 3 {
	case 0:
		h.Data1 = utf8Mode(data, 0)
	case 1:
		h.Data1 = mode8to7(data, true)
	default:
		h.Data1 = strings.Split(string(data), "\n")
	}
	return h
}

// FuzzRead feeds arbitrary headers to Read, a strict Read and the renderer.
// The corpus in testdata/fuzz/FuzzRead holds real headers from
// kotlin-stdlib.jar and kotlinx-coroutines (see TestWriteFuzzSeeds); the
// adversarial cases of TestReadErrors are added here.
func FuzzRead(f *testing.F) {
	mv := []byte{2, 4, 0}
	add := func(k int, strs, body pb, d2 ...string) {
		f.Add(k, mv, d1Bytes(strs, body), strings.Join(d2, "\n"), 48, 0)
	}
	bomb := pb(nil)
	for i := int32(0); i < 40; i++ {
		bomb = bomb.msg(1, withArg(withArg(classType(7), invArgID(i+1)), invArgID(i+1)))
	}
	add(1, table(len(testStrings)), pb(nil).i32(3, 0).packed(2, 0).msg(30, bomb.msg(1, classType(3))), testStrings...)
	add(1, table(len(testStrings)), pb(nil).i32(3, 0).packed(2, 0).msg(30, pb(nil).msg(1, withArg(classType(7), invArgID(0)))), testStrings...)
	add(1, pb(nil).msg(1, pb(nil).i32(1, 1<<31-1)), pb(nil).i32(3, 1<<30), "a")
	add(2, table(2), pb(nil).msg(3, pb(nil).i32(2, 1).msg(3, pb(nil).i32(9, 0))), "T", "f")
	add(3, table(len(testStrings)), pb(nil).i32(2, 8).i32(7, 0).msg(30, pb(nil).msg(1, classType(3)).i32(2, 0)), testStrings...)
	f.Add(1, []byte{1, 0, 3}, []byte{0x0a}, "", 0, 0)
	f.Add(4, mv, []byte("a/B\nc/D"), "", 0, 2)
	f.Add(1, mv, []byte("\uffff\x01\x7f"), "", 0, 2)
	f.Fuzz(func(t *testing.T, k int, mv, data []byte, d2 string, xi, mode int) {
		h := fuzzHeader(k, mv, data, d2, xi, mode)
		md, err := Read(h)
		_ = entryText("a/B.class", h, md, err)
		if err == nil {
			if md.text() == "" {
				t.Fatal("empty rendering")
			}
		} else if _, ok := err.(*FormatError); !ok {
			t.Fatalf("error %T is not a *FormatError: %v", err, err)
		}
		if _, err := (ReadOptions{Strict: true}).Read(h); err != nil {
			if _, ok := err.(*FormatError); !ok {
				t.Fatalf("strict error %T is not a *FormatError: %v", err, err)
			}
		}
		// Skipping functions reads the rest as Read does: where Read succeeds, the shape is the
		// same without the functions.
		shape, serr := ReadOptions{SkipFunctions: true}.Read(h)
		if serr != nil {
			if _, ok := serr.(*FormatError); !ok {
				t.Fatalf("skip-functions error %T is not a *FormatError: %v", serr, serr)
			}
		}
		if err == nil {
			if serr != nil {
				t.Fatalf("Read succeeds, SkipFunctions fails: %v", serr)
			}
			if want, got := withoutFunctions(md).text(), shape.text(); got != want {
				t.Fatalf("SkipFunctions reads\n%s\nRead without functions is\n%s", got, want)
			}
		}
	})
}

// withoutFunctions is md with its class's or package's functions dropped.
func withoutFunctions(md *Metadata) *Metadata {
	out := *md
	if md.Class != nil {
		c := *md.Class
		c.Functions = nil
		out.Class = &c
	}
	if md.Package != nil {
		p := *md.Package
		p.Functions = nil
		out.Package = &p
	}
	return &out
}

// TestWriteFuzzSeeds regenerates testdata/fuzz/FuzzRead from the Kotlin
// distribution when METADATA_WRITE_FUZZ_SEEDS=1.
func TestWriteFuzzSeeds(t *testing.T) {
	if os.Getenv("METADATA_WRITE_FUZZ_SEEDS") != "1" {
		t.Skip("set METADATA_WRITE_FUZZ_SEEDS=1 to regenerate the fuzz corpus")
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzRead")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	perKind := map[Kind]int{}
	n := 0
	for _, jar := range []string{"kotlin-stdlib.jar", "kotlinx-coroutines-core-jvm.jar"} {
		path := filepath.Join(kotlinLib(), jar)
		if _, err := os.Stat(path); err != nil {
			t.Skipf("%s not installed", path)
		}
		for i, e := range jarHeaders(t, path) {
			data := decodeD1(e.h.Data1)
			mode := 0
			if e.h.Kind == KindMultiFileClassFacade {
				data, mode = []byte(strings.Join(e.h.Data1, "\n")), 2
			}
			size := len(data) + len(strings.Join(e.h.Data2, "\n"))
			// A few of every kind, then a sample of small and medium classes.
			if perKind[e.h.Kind] >= 3 && (i%97 != 0 || size > 6000) {
				continue
			}
			perKind[e.h.Kind]++
			mv := make([]byte, len(e.h.MetadataVersion))
			for j, v := range e.h.MetadataVersion {
				mv[j] = byte(v)
			}
			if n%5 == 4 && mode == 0 {
				mode = 1 // some seeds in the 8-to-7 form
			}
			file := fmt.Sprintf("go test fuzz v1\nint(%d)\n[]byte(%q)\n[]byte(%q)\nstring(%q)\nint(%d)\nint(%d)\n",
				e.h.Kind, mv, data, strings.Join(e.h.Data2, "\n"), e.h.ExtraInt, mode)
			name := strings.NewReplacer("/", "_", "$", "_").Replace(strings.TrimSuffix(e.name, ".class"))
			if err := os.WriteFile(filepath.Join(dir, name), []byte(file), 0o644); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	t.Logf("wrote %d seeds", n)
}
