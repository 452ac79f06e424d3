package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/composestab/composestab/internal/fixtures"
)

// clinitClass is a class whose <clinit> ORs reads of p/X.$stable into its own $stable, n times:
// with n = 120 000 its code is longer than the JVM allows.
func clinitClass(n int) []byte {
	var pool classPool
	this, super := pool.class("p/Big"), pool.class("java/lang/Object")
	read, own := pool.field(pool.class("p/X"), "$stable", "I"), pool.field(this, "$stable", "I")
	stable, intDesc, clinit, voidDesc, codeName := pool.utf8("$stable"), pool.utf8("I"), pool.utf8("<clinit>"), pool.utf8("()V"), pool.utf8("Code")
	code := []byte{0x03} // iconst_0
	for range n {
		code = append(code, 0xb2, byte(read>>8), byte(read), 0x80) // getstatic; ior
	}
	code = append(code, 0xb3, byte(own>>8), byte(own), 0xb1) // putstatic; return
	b := pool.header()
	for _, v := range []uint16{0x31, this, super, 0, 1, 0x19, stable, intDesc, 0, 1, 0x08, clinit, voidDesc, 1, codeName} {
		b = binary.BigEndian.AppendUint16(b, v)
	}
	b = binary.BigEndian.AppendUint32(b, uint32(12+len(code)))
	b = binary.BigEndian.AppendUint16(b, 2) // max_stack
	b = binary.BigEndian.AppendUint16(b, 0) // max_locals
	b = binary.BigEndian.AppendUint32(b, uint32(len(code)))
	b = append(b, code...)
	b = binary.BigEndian.AppendUint16(b, 0) // exception table
	b = binary.BigEndian.AppendUint16(b, 0) // code attributes
	return binary.BigEndian.AppendUint16(b, 0)
}

// TestCraftedInputs runs each command (plan and cards too) over the crafted inputs of issue 26 beside a good jar: the
// class that panicked every command, and the 120 000-read <clinit> that took minutes. Each is an
// error naming input and entry, the good jar is reported in full, and all of it is quick.
func TestCraftedInputs(t *testing.T) {
	dir := t.TempDir()
	panicClass, err := os.ReadFile(filepath.Join("..", "..", "classfile", "testdata", "crafted", "issue26-field-signature-length0.class"))
	if err != nil {
		t.Fatal(err)
	}
	writeZip(t, filepath.Join(dir, "panic.jar"), hostileEntry{"0000000000.class", panicClass})
	writeZip(t, filepath.Join(dir, "huge.jar"), hostileEntry{"p/Big.class", clinitClass(120000)})
	if err := os.MkdirAll(filepath.Join(dir, "folder"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "folder", "0000000000.class"), panicClass, 0o644); err != nil {
		t.Fatal(err)
	}
	lib1 := fixtureJar(t, "lib1")
	_, good, _ := runCLI(t, "audit", "--format", "text", lib1)
	goodLines := strings.Split(good, "\n")
	goodLines = goodLines[:len(goodLines)-3] // the footer: counts and producers
	for _, args := range [][]string{{"audit", "--format", "text"}, {"dump"}, {"verify"}, {"report", "--out", filepath.Join(dir, "r")}, {"plan"}, {"cards"}} {
		for _, bad := range []string{"panic.jar", "huge.jar", "folder"} {
			t.Run(args[0]+" "+bad, func(t *testing.T) {
				start := time.Now()
				code, out, errOut := runCLI(t, append(args, filepath.Join(dir, bad), lib1)...)
				if d := time.Since(start); d > 20*time.Second {
					t.Errorf("took %s", d) // minutes before; well under a second here
				}
				if code != exitUnreadable || !strings.Contains(errOut, "unreadable: "+filepath.Join(dir, bad)) {
					t.Errorf("exit %d, stderr:\n%s", code, errOut)
				}
				for _, line := range goodLines {
					if args[0] == "audit" && !strings.Contains(out, line+"\n") {
						t.Errorf("lib1's %q missing beside %s:\n%s", line, bad, out)
					}
				}
			})
		}
	}
}

// TestFIFOInputs: a named pipe as --baseline, --config or --suppressions, or as a .class file
// in a searched folder (an input's or a --classpath entry's), is refused at once, never read
// until someone writes to it.
func TestFIFOInputs(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := fixtures.MakeFIFO(fifo); err != nil {
		t.Skip("no named pipes here:", err)
	}
	lib := fixtureJar(t, "libv1")
	// A searched folder whose only class file is a pipe: finding the class folder's root reads
	// each class file's name, through the same gate.
	searched := filepath.Join(t.TempDir(), "project")
	os.MkdirAll(filepath.Join(searched, "a", "b"), 0o755)
	if err := fixtures.MakeFIFO(filepath.Join(searched, "a", "b", "X.class")); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", "--baseline", fifo, lib}, {"audit", "--config", fifo, lib}, {"verify", "--suppressions", fifo, lib},
		{"audit", "--classpath", lib, searched}, {"audit", "--classpath", searched, lib},
	} {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			code, _, errOut := runCLITimeout(t, args...)
			if code != exitUnreadable || !strings.Contains(errOut, "pipe") {
				t.Errorf("exit %d, stderr %q", code, errOut)
			}
		})
	}
}
