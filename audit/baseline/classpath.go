package baseline

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/escape"
	"github.com/composestab/composestab/internal/userfile"
)

// ClasspathEntry is one jar, AAR or folder of the classpath a baseline was made with, beside
// the inputs: its base name and, for a file, the SHA-256 of its bytes (first 16 hex digits).
// A $stable an input reads comes from these, so check says when its classpath differs.
type ClasspathEntry struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256,omitempty"`
	path   string
}

// classpathPrefix starts the comment line naming one classpath entry: a comment, so that older
// readers skip it and a baseline stays valid when it is removed.
const classpathPrefix = "# Classpath: "

// classpathOf lists the classpath entries of a scan that are not its inputs, in order.
func classpathOf(rep *scan.Report) []ClasspathEntry {
	var out []ClasspathEntry
	cp := rep.Classpath()
	if cp == nil {
		return out
	}
	for _, in := range cp.Inputs() {
		if slices.Contains(rep.Inputs, in.Path) {
			continue
		}
		out = append(out, ClasspathEntry{Name: filepath.Base(strings.TrimRight(in.Path, `/\`)), path: in.Path})
	}
	return out
}

// hash fills in each file's SHA-256; a folder, or a file that cannot be read now, keeps none.
func hash(entries []ClasspathEntry) {
	for i := range entries {
		if entries[i].SHA256 != "" || entries[i].path == "" {
			continue
		}
		f, st, err := userfile.Open(entries[i].path)
		if err != nil {
			continue
		}
		h := sha256.New()
		if _, err := io.Copy(h, io.LimitReader(f, st.Size())); err == nil {
			entries[i].SHA256 = hex.EncodeToString(h.Sum(nil))[:16]
		}
		f.Close()
	}
}

func (e ClasspathEntry) line() string {
	s := classpathPrefix + escapePart(e.Name, " ")
	if e.SHA256 != "" {
		s += " sha256:" + e.SHA256
	}
	return s
}

// parseClasspathLine reads a line written by line; ok is false for any other comment.
func parseClasspathLine(text string) (ClasspathEntry, bool) {
	rest, ok := strings.CutPrefix(text, classpathPrefix)
	if !ok {
		return ClasspathEntry{}, false
	}
	name, sum, _ := strings.Cut(rest, " sha256:")
	n, err := escape.Unescape(name)
	if err != nil || n == "" || strings.Trim(sum, "0123456789abcdef") != "" {
		// Not a line dump writes (a hand edit, say): a comment like any other.
		return ClasspathEntry{}, false
	}
	return ClasspathEntry{Name: n, SHA256: sum}, true
}

// ClasspathChanges says how the classpath of a check differs from the one the baseline was
// made with: entries gone, entries with other bytes, entries added; none when the baseline
// records no classpath (an older one) and the check has none either.
func ClasspathChanges(base *Baseline, rep *scan.Report) []string {
	now := classpathOf(rep)
	if len(base.Classpath) == 0 && len(now) == 0 {
		return nil
	}
	hash(now)
	byName := map[string]ClasspathEntry{}
	for _, e := range now {
		byName[e.Name] = e
	}
	var out []string
	was := map[string]bool{}
	for _, e := range base.Classpath {
		was[e.Name] = true
		n, ok := byName[e.Name]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s was on the classpath of the baseline and is not on this one", e.Name))
		case e.SHA256 != "" && n.SHA256 != "" && e.SHA256 != n.SHA256:
			out = append(out, fmt.Sprintf("%s on this classpath is not the one the baseline was made with (sha256 %s, was %s)", e.Name, n.SHA256, e.SHA256))
		}
	}
	if len(base.Classpath) > 0 {
		for _, e := range now {
			if !was[e.Name] {
				out = append(out, fmt.Sprintf("%s is on this classpath, not on the baseline's", e.Name))
			}
		}
	}
	return out
}
