package main

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// classPool is the constant pool of a class file a test builds by hand.
type classPool [][]byte

func (p *classPool) add(entry []byte) uint16 { *p = append(*p, entry); return uint16(len(*p)) }

func (p *classPool) utf8(s string) uint16 {
	return p.add(append(binary.BigEndian.AppendUint16([]byte{1}, uint16(len(s))), s...))
}

func (p *classPool) class(name string) uint16 {
	return p.add(binary.BigEndian.AppendUint16([]byte{7}, p.utf8(name)))
}

// field is a Fieldref to owner.name:desc.
func (p *classPool) field(owner uint16, name, desc string) uint16 {
	nt := p.add(binary.BigEndian.AppendUint16(binary.BigEndian.AppendUint16([]byte{12}, p.utf8(name)), p.utf8(desc)))
	return p.add(binary.BigEndian.AppendUint16(binary.BigEndian.AppendUint16([]byte{9}, owner), nt))
}

// header is a class file up to its constant pool's end, for Java 8 (major 52).
func (p classPool) header() []byte {
	b := []byte{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52}
	b = binary.BigEndian.AppendUint16(b, uint16(len(p)+1))
	for _, e := range p {
		b = append(b, e...)
	}
	return b
}

// javaClass builds a minimal public final class with one public final field: the kind of class
// any jar may hold, with every name taken from the caller.
func javaClass(name, field, fieldType string) []byte {
	var pool classPool
	this, super := pool.class(name), pool.class("java/lang/Object")
	fname, fdesc := pool.utf8(field), pool.utf8("L"+fieldType+";")
	b := pool.header()
	for _, v := range []uint16{0x31, this, super, 0, 1, 0x11, fname, fdesc, 0, 0, 0} {
		// access, this, super, no interfaces; one field (access, name, descriptor, no
		// attributes); no methods, no attributes
		b = binary.BigEndian.AppendUint16(b, v)
	}
	return b
}

// hostileName is a class name that tries everything a terminal or a line-based format obeys.
const hostileName = "evil/X\x1b[2J\a\r\u202eexe.txt\nunstable forged.Line  Stable  $stable=0"

// controlFree reports the first character of s a terminal would act on, other than '\n'.
func controlFree(s string) (rune, bool) {
	for _, r := range s {
		if r != '\n' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x2028 || r == 0x2029) {
			return r, false
		}
	}
	return 0, true
}

// TestHostileNamesEscaped runs every text output over a jar whose class, field, field type and
// a broken entry carry control characters and bidi overrides: no output keeps one, no name
// forges a line, the JSON holds the names unchanged, and dump then check reads them back.
func TestHostileNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	jar := filepath.Join(dir, "evil.jar")
	writeZip(t, jar,
		hostileEntry{hostileName + ".class", javaClass(hostileName, "f\x1b]0;title\a", "evil/T\r\u2066")},
		hostileEntry{"evil/Broken\x1b[31m\n.class", []byte("not a class")})
	for _, args := range [][]string{
		{"audit", "--format", "text"}, {"audit", "--format", "table"}, {"audit", "--format", "markdown"},
		{"audit", "--format", "compose-report"}, {"audit", "--format", "stability-config"},
		{"audit", "--format", "text", "--include-nonpublic", "--composables"}, {"audit", "--format", "html"},
		{"verify", "--format", "html"},
		{"dump"}, {"verify"}, {"report", "--out", filepath.Join(dir, "report")},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, append(args, jar)...)
			if code != exitUnreadable {
				t.Errorf("exit %d, want %d (the broken entry)", code, exitUnreadable)
			}
			for _, s := range []struct{ name, text string }{{"stdout", out}, {"stderr", errOut}} {
				if r, ok := controlFree(s.text); !ok {
					t.Errorf("%s keeps %U:\n%s", s.name, r, s.text)
				}
				for i, line := range strings.Split(s.text, "\n") {
					if strings.HasPrefix(strings.TrimLeft(line, "|` "), "unstable forged") {
						t.Errorf("%s line %d forged: %q", s.name, i+1, line)
					}
				}
			}
			if !strings.Contains(errOut, `evil/Broken\x1b[31m\n.class`) {
				t.Errorf("stderr does not name the broken entry, escaped:\n%s", errOut)
			}
		})
	}
	t.Run("json", func(t *testing.T) {
		_, out, _ := runCLI(t, "audit", "--format", "json", jar)
		var rep struct {
			Classes []struct{ Name string } `json:"classes"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Classes) != 1 || rep.Classes[0].Name != strings.ReplaceAll(hostileName, "/", ".") {
			t.Errorf("JSON classes %q, want the name unchanged", rep.Classes)
		}
	})
	t.Run("dump then check", func(t *testing.T) {
		_, out, _ := runCLI(t, "dump", jar)
		base := filepath.Join(dir, "evil.stab")
		if err := os.WriteFile(base, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI(t, "check", "--strict", "--baseline", base, jar)
		if code != exitUnreadable || !strings.HasPrefix(out, "0 regressions, 0 improvements, 0 neutral changes; 1 error\n") {
			t.Errorf("exit %d\n%s%s", code, out, errOut)
		}
	})
}

// TestMessageLines: a multi-line error keeps its lines on stderr, each after the first indented,
// and each escaped on its own: no text from a file starts a line of its own.
func TestMessageLines(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{"one line", "one line"},
		{"a/up: symbolic link loop\na/up2: symbolic link loop\n", "a/up: symbolic link loop\n  a/up2: symbolic link loop"},
		{"x.conf: not a valid pattern\ncom.\x1b[2Jx*y", "x.conf: not a valid pattern\n  com.\\x1b[2Jx*y"},
		{"name \u202eevil\ncomposestab: spoofed", "name \\u202eevil\n  composestab: spoofed"},
	} {
		if got := messageLines(tc.msg); got != tc.want {
			t.Errorf("messageLines(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

// TestHelpWidth: every command's --help fits helpWidth columns but for its example command
// lines, which a shell reads whole; a narrower terminal narrows the flags' text.
func TestHelpWidth(t *testing.T) {
	for _, cmd := range []string{"audit", "explain", "dump", "check", "diff", "verify", "report", "deps"} {
		code, out, _ := runCLI(t, cmd, "--help")
		if code != exitOK {
			t.Errorf("%s --help: exit %d", cmd, code)
		}
		for _, line := range strings.Split(out, "\n") {
			if len([]rune(line)) > helpWidth+2 && !strings.HasPrefix(strings.TrimSpace(line), "composestab ") {
				t.Errorf("%s --help: %d columns: %q", cmd, len([]rune(line)), line)
			}
		}
	}
}
