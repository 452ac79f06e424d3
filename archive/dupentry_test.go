package archive

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/composestab/composestab/classfile"
	"github.com/composestab/composestab/internal/fixtures"
)

// dupClass is class p.Dup whose static final String WHICH is which.
func dupClass(which string) []byte {
	b := newBuilder()
	f := b.member(0x19, "WHICH", "Ljava/lang/String;", b.attr("ConstantValue", be16(b.str(which))))
	return b.build(0x21, "p/Dup", "java/lang/Object", [][]byte{f}, nil, nil)
}

// dupJar is the jar DupEntry.java builds: p/Dup.class and p/dup.txt, first
// with the contents "first", then again with "second".
func dupJar(t *testing.T) []byte {
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, which := range []string{"first", "second"} {
		for _, f := range []zipFile{{"p/Dup.class", dupClass(which)}, {"p/dup.txt", []byte(which)}} {
			fw, err := w.Create(f.name) // archive/zip does not refuse a duplicate name
			if err != nil {
				t.Fatal(err)
			}
			fw.Write(f.data)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// recordedAnswer reads ../classfile/testdata/java/dupentry/answer.txt, the output of
// DupEntry.java on OpenJDK 17: API → the copy it read.
func recordedAnswer(t *testing.T) (lines []string, byAPI map[string]string) {
	data, err := os.ReadFile("../classfile/testdata/java/dupentry/answer.txt")
	if err != nil {
		t.Fatal(err)
	}
	byAPI = map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		lines = append(lines, line)
		k, v, _ := strings.Cut(line, "=")
		byAPI[k] = v
	}
	return lines, byAPI
}

// TestDuplicateEntryMatchesJDK: of two entries with one name, the scan uses
// the copy the JDK's class loader uses (the last in the central directory,
// as recorded by DupEntry.java), reports the duplicate, and counts the other
// copy as failed. With java installed (and not -short), DupEntry.java reads
// the Go-built jar and must print the recorded answer.
func TestDuplicateEntryMatchesJDK(t *testing.T) {
	lines, answer := recordedAnswer(t)
	for api, want := range map[string]string{
		"ZipFile.getEntry+getInputStream":    "second",
		"JarFile.getJarEntry+getInputStream": "second",
		"URLClassLoader.getResource":         "second",
		"URLClassLoader.loadClass":           "second",
	} {
		if answer[api] != want {
			t.Errorf("recorded %s = %q, want %q", api, answer[api], want)
		}
	}

	jar := dupJar(t)
	in, err := openBytes("dup.jar", jar, InputOptions{})
	var fe *classfile.FormatError
	if !errors.As(err, &fe) || fe.Entry != "p/Dup.class" || fe.Msg != "duplicate entry name: the last one is used, as the JVM does" {
		t.Fatalf("err %v", err)
	}
	if len(in.Entries) != 1 || in.Stats.Failed != 1 || in.Stats.ClassEntries != 2 {
		t.Fatalf("%d entries, stats %+v", len(in.Entries), in.Stats)
	}
	c, err := in.Entries[0].Parse(classfile.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Field("WHICH").ConstantValue; got != answer["URLClassLoader.loadClass"] {
		t.Errorf("scan reads WHICH = %v, the JDK's class loader %q", got, answer["URLClassLoader.loadClass"])
	}
	// The classpath of that input resolves the class to the same copy.
	cp := NewClasspath(in)
	if c, err := cp.Class("p/Dup"); err != nil || c.Field("WHICH").ConstantValue != "second" {
		t.Errorf("classpath: %v", err)
	}

	fixtures.SkipUnlessLong(t, "asks a JVM which of two duplicate entries it loads; the recorded answer was checked above")
	java := fixtures.NeedTool(t, "java")
	p := filepath.Join(t.TempDir(), "dup.jar")
	if err := os.WriteFile(p, jar, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, java, "../classfile/testdata/java/dupentry/DupEntry.java", p).CombinedOutput()
	if err != nil {
		t.Fatalf("java: %v\n%s", err, out)
	}
	if got := strings.Split(strings.TrimSpace(string(out)), "\n"); strings.Join(got, "\n") != strings.Join(lines, "\n") {
		t.Errorf("the JDK reads the Go-built jar as\n%s\nrecorded\n%s", strings.Join(got, "\n"), strings.Join(lines, "\n"))
	}
}
