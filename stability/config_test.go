package stability

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestConfigAgainstCompiler replays testdata/config/cases.txt and compares every decision with
// golden.txt, which the real compiler's StabilityConfigParser and FqNameMatcherCollection wrote
// (testdata/tools/configmatch/run).
func TestConfigAgainstCompiler(t *testing.T) {
	cases, err := os.ReadFile("testdata/config/cases.txt")
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile("testdata/config/golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := splitBlocks(string(golden))
	blocks := splitBlocks(string(cases))
	if len(blocks) != len(want) || len(blocks) < 30 {
		t.Fatalf("%d case blocks, %d golden blocks", len(blocks), len(want))
	}
	for i, b := range blocks {
		name := strings.TrimPrefix(b[0], "=== ")
		t.Run(name, func(t *testing.T) {
			var cfgLines, names []string
			inNames := false
			for _, l := range b[1:] {
				switch {
				case !inNames && l == "---":
					inNames = true
				case inNames:
					if l != "" {
						names = append(names, l)
					}
				default:
					cfgLines = append(cfgLines, l)
				}
			}
			got := []string{b[0]}
			cfg, err := ParseConfig("", []byte(strings.Join(cfgLines, "\n")))
			if err != nil {
				var ce *ConfigError
				if !errors.As(err, &ce) {
					t.Fatalf("error of type %T: %v", err, err)
				}
				got = append(got, "error\t"+strings.ReplaceAll(ce.Msg, "\n", `\n`))
			} else {
				for _, m := range cfg.matchers {
					got = append(got, fmt.Sprintf("matcher\t%s\t%s\t%d", m.Pattern, m.Key, m.Mask))
				}
				for _, n := range names {
					mask := "null"
					if m := cfg.Match(n); m != nil {
						mask = fmt.Sprint(m.Mask)
					}
					got = append(got, fmt.Sprintf("name\t%s\t%s\t%t", n, mask, cfg.Match(n) != nil))
				}
			}
			if g, w := strings.Join(got, "\n"), strings.Join(want[i], "\n"); g != w {
				t.Errorf("got\n%s\nwant (compiler)\n%s", g, w)
			}
		})
	}
}

func splitBlocks(s string) [][]string {
	var out [][]string
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if strings.HasPrefix(l, "=== ") {
			out = append(out, []string{l})
		} else if len(out) > 0 {
			out[len(out)-1] = append(out[len(out)-1], l)
		}
	}
	for i := range out { // trailing blank lines inside a case block are not content
		for len(out[i]) > 1 && out[i][len(out[i])-1] == "" {
			out[i] = out[i][:len(out[i])-1]
		}
	}
	return out
}

func TestConfigLineEndings(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"a.B\r\nc.D\re.F\n", []string{"a.B", "c.D", "e.F"}},
		{"a.B", []string{"a.B"}},
		{"\n\n// x\na.B\r", []string{"a.B"}},
	}
	for _, tt := range tests {
		cfg, err := ParseConfig("x.conf", []byte(tt.text))
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		var got []string
		for _, m := range cfg.matchers {
			got = append(got, m.Pattern)
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%q: got %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestConfigSources(t *testing.T) {
	cfg, err := ParseConfig("x.conf", []byte("// c\n\na.B\r\na.B\n  c.*\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range cfg.matchers {
		got = append(got, m.Pattern+"@"+m.Source)
	}
	if want := "a.B@x.conf:3 c.*@x.conf:5"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
}

// TestConfigErrors: an error names the file, the 1-based line and the column in characters,
// keeps the compiler's message in Msg, and escapes what it quotes.
func TestConfigErrors(t *testing.T) {
	long := strings.Repeat("a", 10000)
	tests := []struct {
		name, path, text string
		line, col        int
		msg, err         string
	}{
		{"second line", "x.conf", "a.B\ncom-x.Foo\n", 2, 4,
			"Error parsing stability configuration file on line 1.\ncom-x.Foo is not a valid pattern\ncom-x.Foo",
			"x.conf: Error parsing stability configuration file on line 2, column 4 (the compiler's line 1): not a valid pattern\ncom-x.Foo"},
		{"crlf and lone cr", "x.conf", "a.B\r\n\rc.D\r\nbad-x", 4, 4,
			"Error parsing stability configuration file on line 3.\nbad-x is not a valid pattern\nbad-x",
			"x.conf: Error parsing stability configuration file on line 4, column 4 (the compiler's line 3): not a valid pattern\nbad-x"},
		{"comment", "x.conf", "  com.x.Foo // c", 1, 13,
			"Error parsing stability configuration file on line 0.\nComments are only supported at the start of a line.\n  com.x.Foo // c",
			"x.conf: Error parsing stability configuration file on line 1, column 13 (the compiler's line 0): comments are only supported at the start of a line\n  com.x.Foo // c"},
		{"column in characters", "", "\u00a0é.Foo", 1, 2,
			"Error parsing stability configuration file on line 0.\né.Foo is not a valid pattern\n\u00a0é.Foo",
			"Error parsing stability configuration file on line 1, column 2 (the compiler's line 0): not a valid pattern\n\u00a0é.Foo"},
		{"stops short", "x.conf", "com.example.", 1, 13,
			"Error parsing stability configuration file on line 0.\ncom.example. is not a valid pattern\ncom.example.",
			"x.conf: Error parsing stability configuration file on line 1, column 13 (the compiler's line 0): not a valid pattern\ncom.example."},
		{"mask the compiler cannot cut", "x.conf", "com.Foo<*><_>", 1, 11, "start 0, end 10, length 7",
			"x.conf: Error parsing stability configuration file on line 1, column 11 (the compiler's line 0): the compiler cannot read this generic mask (it fails with \"start 0, end 10, length 7\")\ncom.Foo<*><_>"},
		{"control characters", "a\x1b[2J\nb.conf", "com.\x1b]0;x\x07Foo\u202e\r\n", 1, 5,
			"Error parsing stability configuration file on line 0.\ncom.\x1b]0;x\x07Foo\u202e is not a valid pattern\ncom.\x1b]0;x\x07Foo\u202e",
			`a\x1b[2J\nb.conf: Error parsing stability configuration file on line 1, column 5 (the compiler's line 0): not a valid pattern` + "\n" + `com.\x1b]0;x\x07Foo\u202e`},
		{"bidi isolate and invalid UTF-8", "x.conf", "a.B\u2066\xff", 1, 4,
			"Error parsing stability configuration file on line 0.\na.B\u2066\xff is not a valid pattern\na.B\u2066\xff",
			"x.conf: Error parsing stability configuration file on line 1, column 4 (the compiler's line 0): not a valid pattern\n" + `a.B\u2066\xff`},
		{"long line quoted in part", "x.conf", "com." + long + "-x", 1, 10005,
			"Error parsing stability configuration file on line 0.\ncom." + long + "-x is not a valid pattern\ncom." + long + "-x",
			"x.conf: Error parsing stability configuration file on line 1, column 10005 (the compiler's line 0): not a valid pattern\n…" + long[:238] + "-x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseConfig(tt.path, []byte(tt.text))
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a *ConfigError", err)
			}
			if ce.Path != tt.path || ce.Line != tt.line || ce.Column != tt.col {
				t.Errorf("at %q:%d:%d, want %q:%d:%d", ce.Path, ce.Line, ce.Column, tt.path, tt.line, tt.col)
			}
			if ce.Msg != tt.msg {
				t.Errorf("Msg\n%q\nwant\n%q", ce.Msg, tt.msg)
			}
			if got := err.Error(); got != tt.err {
				t.Errorf("Error()\n%q\nwant\n%q", got, tt.err)
			}
		})
	}
}

func TestNewMatcherError(t *testing.T) {
	_, err := newMatcher("com-x.\x1bFoo")
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Column != 4 || ce.Msg != "com-x.\x1bFoo is not a valid pattern" {
		t.Fatalf("got %#v", err)
	}
	if want := "column 4: not a valid pattern\ncom-x.\\x1bFoo"; err.Error() != want {
		t.Errorf("got %q, want %q", err.Error(), want)
	}
}

func TestLoadConfigErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "no.conf")
	_, err := LoadConfig(missing)
	var ce *ConfigError
	if !errors.As(err, &ce) || !errors.Is(err, fs.ErrNotExist) || ce.Msg != "Stability configuration file not found at "+missing {
		t.Errorf("missing file: %#v", err)
	}
	_, err = LoadConfig(dir)
	if !errors.As(err, &ce) || ce.Line != 0 || !errors.Is(err, archive.ErrNotRegular) ||
		!strings.HasPrefix(err.Error(), dir+": the stability configuration file is not a regular file") {
		t.Errorf("folder: %v", err)
	}
	huge := filepath.Join(dir, "huge.conf") // sparse: refused by its size, before it is read
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, maxConfigSize+1); err != nil {
		t.Fatal(err)
	}
	_, err = LoadConfig(huge)
	if !errors.As(err, &ce) || !errors.Is(err, archive.ErrTooLarge) ||
		err.Error() != huge+": the stability configuration file is larger than the limit of 67108864 bytes" {
		t.Errorf("huge file: %v", err)
	}
	bad := filepath.Join(dir, "bad.conf")
	if err := os.WriteFile(bad, []byte("a.B\n\nc-d\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = LoadConfig(bad)
	if !errors.As(err, &ce) || ce.Path != bad || ce.Line != 3 || ce.Column != 2 {
		t.Errorf("bad line: %v", err)
	}
}

// TestLoadConfigFIFO: a named pipe with no writer is refused at once, not read forever.
func TestLoadConfigFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "stability.conf")
	if err := fixtures.MakeFIFO(fifo); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := LoadConfig(fifo)
		done <- err
	}()
	select {
	case err := <-done:
		var ce *ConfigError
		if !errors.As(err, &ce) || !errors.Is(err, archive.ErrNotRegular) ||
			err.Error() != fifo+": the stability configuration file is a named pipe" {
			t.Errorf("got %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("LoadConfig blocked on a named pipe")
	}
}

// TestScanPatternAgainstRegex: scanPattern accepts exactly validPattern's language, over every
// string of up to 6 bytes from the characters that matter and over random longer ones.
func TestScanPatternAgainstRegex(t *testing.T) {
	const alphabet = "a_*.<>,|-"
	check := func(p string) {
		if _, ok := scanPattern(p); ok != validPattern.MatchString(p) {
			t.Fatalf("scanPattern(%q) = %t, validPattern says %t", p, ok, !ok)
		}
	}
	var walk func(p []byte)
	walk = func(p []byte) {
		check(string(p))
		if len(p) == 6 {
			return
		}
		for i := range len(alphabet) {
			walk(append(p, alphabet[i]))
		}
	}
	walk(nil)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		check(genPattern(rng))
	}
}

// validPattern is the compiler's grammar for one configuration line, anchored for a whole match.
// Both Java and Go read \w as [A-Za-z0-9_], so the two accept the same lines. The reference
// for scanPattern and maskGroup.
var validPattern = regexp.MustCompile(`^(?:((\w+\*{0,2}|\*{1,2})\.)*((\w+(<?(?P<genericmask>([*|_],)*[*|_])>)+)|(\w+\*{0,2}|\*{1,2})))$`)

// refMatcher is the matcher as composestab compiled it before patterns were indexed: the
// compiler's FqNameMatcher written out with regular expressions, kept as the reference.
type refMatcher struct {
	pattern, key string
	mask         int32
	rest         *regexp.Regexp
}

func refCompile(pattern string) (*refMatcher, string) {
	groups := validPattern.FindStringSubmatchIndex(pattern)
	if groups == nil {
		return nil, pattern + " is not a valid pattern"
	}
	var key, rest strings.Builder
	wildcard := false
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		if c == '<' {
			break
		}
		switch {
		case c == '*':
			wildcard = true
			if i+1 < len(pattern) && pattern[i+1] == '*' {
				rest.WriteString(`[\w\.]+`)
				i++
			} else {
				rest.WriteString(`\w+`)
			}
		case c == '.' && wildcard:
			rest.WriteString(`\.`)
		case wildcard:
			rest.WriteByte(c)
		default:
			key.WriteByte(c)
		}
	}
	m := &refMatcher{pattern: pattern, key: key.String(), mask: -1}
	if rest.Len() > 0 {
		m.rest = regexp.MustCompile(`^(?:` + rest.String() + `)$`)
	}
	gi := 2 * validPattern.SubexpIndex("genericmask")
	if start := groups[gi]; start >= 0 {
		var mask int32
		for i, p := range strings.Split(pattern[start:groups[gi+1]], ",") {
			if p == "*" && i < 32 {
				mask |= 1 << i
			}
		}
		m.mask = mask
		end := start - 1
		if end > len(m.key) {
			return nil, fmt.Sprintf("start 0, end %d, length %d", end, len(m.key))
		}
		m.key = m.key[:end]
	}
	return m, ""
}

func (m *refMatcher) matches(name string) bool {
	if m.pattern == "**" {
		return true
	}
	if !strings.HasPrefix(name, m.key) {
		return false
	}
	if m.rest == nil {
		return name == m.key
	}
	return m.rest.MatchString(name[len(m.key):])
}

// refMatch is the lookup pattern by pattern: of the matchers that match, the one with the
// shortest key, then the earliest. It returns an index into ms, or -1.
func refMatch(ms []*refMatcher, name string) int {
	best := -1
	for i, m := range ms {
		if m.matches(name) && (best < 0 || len(m.key) < len(ms[best].key)) {
			best = i
		}
	}
	return best
}

// checkAgainstReference compares a parsed configuration with the reference matchers: the same
// patterns, keys and masks, the same answer of every matcher, and the same winner for every name.
func checkAgainstReference(t *testing.T, cfg *Config, names []string) {
	t.Helper()
	ms := cfg.matchers
	refs := make([]*refMatcher, len(ms))
	for i, m := range ms {
		r, msg := refCompile(m.Pattern)
		if r == nil {
			t.Fatalf("%q accepted; the reference says %s", m.Pattern, msg)
		}
		if r.key != m.Key || r.mask != m.Mask {
			t.Fatalf("%q: key %q mask %d, reference %q %d", m.Pattern, m.Key, m.Mask, r.key, r.mask)
		}
		refs[i] = r
	}
	for _, n := range names {
		for i, m := range ms {
			if got, want := m.Matches(n), refs[i].matches(n); got != want {
				t.Fatalf("%q.Matches(%q) = %t, reference %t", m.Pattern, n, got, want)
			}
		}
		got, want := cfg.Match(n), refMatch(refs, n)
		if (got == nil) != (want < 0) || (got != nil && got != ms[want]) {
			wantP := "nil"
			if want >= 0 {
				wantP = ms[want].Pattern
			}
			t.Fatalf("Match(%q) = %v, reference %s", n, got, wantP)
		}
	}
}

// Vocabulary of the generated patterns and names: short segments that collide often, the
// wildcard forms, masks (also the odd ones the grammar allows) and characters no pattern has.
var (
	genWords     = []string{"a", "b", "ab", "a_b", "_", "x1", "Foo", "Fo"}
	genWildcards = []string{"*", "**", "a*", "a**", "Fo*", "_*"}
	genMasks     = []string{"<*>", "<_>", "<*,_>", "<|>", "_>", "*>", "*,_>", "<*><_>", "*>|>", "|,*>", "_,*>", "*,|>", "*,|,_>", "|>"}
	genJunk      = []string{"-", "$", "é", " ", "<", ">", ",", "|", "*", ".", "\x01", "\x02", ""}
)

func genPattern(rng *rand.Rand) string {
	var b strings.Builder
	for i := range 1 + rng.IntN(4) {
		if i > 0 {
			b.WriteByte('.')
		}
		if rng.IntN(3) == 0 {
			b.WriteString(genWildcards[rng.IntN(len(genWildcards))])
		} else {
			b.WriteString(genWords[rng.IntN(len(genWords))])
		}
	}
	if rng.IntN(4) == 0 {
		b.WriteString(genMasks[rng.IntN(len(genMasks))])
	}
	if rng.IntN(15) == 0 {
		b.WriteString(genJunk[rng.IntN(len(genJunk))])
	}
	return b.String()
}

func genName(rng *rand.Rand) string {
	var b strings.Builder
	for i := range rng.IntN(5) {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(genWords[rng.IntN(len(genWords))])
		if rng.IntN(10) == 0 {
			b.WriteString(genJunk[rng.IntN(len(genJunk))])
		}
	}
	if rng.IntN(8) == 0 {
		b.WriteString([]string{">", ",>", "x>", "|>", "_>"}[rng.IntN(5)])
	}
	return b.String()
}

// TestConfigMatchesReference: over many generated configurations, the indexed lookup returns
// what trying every pattern in turn returns, and every pattern is compiled as before.
func TestConfigMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for round := range 400 {
		n := 1 + rng.IntN(30)
		if round%100 == 0 {
			n = 1000 // many patterns under one key
		}
		var lines []string
		for range n {
			p := genPattern(rng)
			if rng.IntN(10) == 0 && len(lines) > 0 {
				p = lines[rng.IntN(len(lines))] // a duplicate
			}
			if _, msg := refCompile(p); msg != "" {
				if m, err := newMatcher(p); err == nil {
					t.Fatalf("%q accepted as %+v; the reference says %s", p, m, msg)
				} else if err.(*ConfigError).Msg != msg {
					t.Fatalf("%q: %q, the reference says %q", p, err.(*ConfigError).Msg, msg)
				}
				continue
			}
			lines = append(lines, p)
		}
		cfg, err := ParseConfig("gen.conf", []byte(strings.Join(lines, "\n")))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for range 100 {
			names = append(names, genName(rng))
		}
		for _, m := range cfg.matchers[:min(len(cfg.matchers), 100)] { // names at and past keys
			names = append(names, m.Key, m.Key+"x", m.Key+"a.b", m.Key+">", m.Key+"x,", strings.ReplaceAll(m.Pattern, "*", "y"))
		}
		checkAgainstReference(t, cfg, names)
	}
}

// TestConfigLongLine: one 5 MB pattern costs memory linear in it with a small constant (it
// cost 1.2 GB when keys sat in a trie of one node per byte).
func TestConfigLongLine(t *testing.T) {
	long := strings.Repeat("a", 5<<20)
	for _, tt := range []struct {
		name, line string
		ok         bool
	}{
		{"exact", "com." + long, true},
		{"wildcard after", "com." + long + "*.Foo", true},
		{"wildcard before", "com.*." + long + ".F*", true},
		{"alternatives", "com.F*>|>" + long, false},
		{"mask", "com." + long + "<*,_>", true},
		{"long mask", "com.Foo<" + strings.Repeat("*,", len(long)/2) + "_>", true},
		{"invalid", "com." + long + "-x", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			data := []byte(tt.line)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			cfg, err := ParseConfig("long.conf", data)
			if err == nil {
				for _, n := range []string{"com.x", "com." + long, "com.b." + long + ".Fo", tt.line} {
					cfg.Match(n)
				}
			} else {
				_ = err.Error()
			}
			runtime.ReadMemStats(&after)
			if (err == nil) != tt.ok {
				t.Fatalf("error %v", err)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > 6*uint64(len(data)) {
				t.Errorf("allocated %d bytes for a %d-byte line", got, len(data))
			}
		})
	}
}

// TestConfigWith: With adds a text's patterns after the configuration's own, keeping where each
// came from, and changes neither.
func TestConfigWith(t *testing.T) {
	base, err := ParseConfig("user.conf", []byte("a.B\n// comment\nc.*\n"))
	if err != nil {
		t.Fatal(err)
	}
	more, err := base.With("suggested", []byte("c.*\nd.E\n"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range more.matchers {
		got = append(got, m.Pattern+"@"+m.Source)
	}
	if want := "a.B@user.conf:1 c.*@user.conf:3 d.E@suggested:2"; strings.Join(got, " ") != want {
		t.Errorf("got %s, want %s", strings.Join(got, " "), want)
	}
	if len(base.matchers) != 2 || base.Match("d.E") != nil || more.Match("d.E") == nil || more.Match("c.X").Source != "user.conf:3" {
		t.Error("With changed the base, or the result does not match")
	}
	if none, err := (*Config)(nil).With("x", []byte("a.B\n")); err != nil || none.Match("a.B") == nil {
		t.Errorf("nil base: %v", err)
	}
	if _, err := base.With("bad", []byte("a.B // x\n")); err == nil {
		t.Error("a bad line was accepted")
	}
}
