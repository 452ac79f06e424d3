package stability

import (
	"bytes"
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/composestab/composestab/internal/userfile"

	"github.com/composestab/composestab/internal/escape"
)

const (
	kindExact matchKind = iota // no wildcard: the name equals Key
	kindWord                   // Key then `*`: the rest is one or more word characters
	kindPath                   // Key then `**`: the rest is one or more word characters or dots
	kindAll                    // the pattern `**`, which the compiler matches against anything
	kindOther                  // any other rest, matched token by token
)

// Config is the union of stability configuration files, looked up the way the compiler's
// FqNameMatcherCollection does: walking a name from its first character through the keys, the
// first matcher that matches wins (a shorter key wins over a longer one, whatever the file
// order; under one key the earlier line wins). Keys sit in a radix tree and the common shapes of
// pattern are looked up, so a lookup costs the name's length plus the irregular patterns under
// its prefixes, whatever the number of patterns. A Config is safe for concurrent lookups.
type Config struct {
	matchers []*Matcher
	patterns map[string]*Matcher // the first matcher of each pattern
	root     *keyNode
}

// keyNode is a node of the radix tree of keys: the concatenated labels from the root spell the
// node's key.
type keyNode struct {
	label    string
	firsts   []byte     // the first byte of each child's label, for one IndexByte to find it
	children []*keyNode // in the order of firsts
	slot     *keySlot   // the matchers whose key ends here, if any
}

// keySlot holds the matchers of one key: the first of each simple kind, and the others in order.
type keySlot struct {
	exact, word, path, all *Matcher
	others                 []*Matcher
}

// ConfigError is a stability configuration file, or a pattern, that cannot be read or parsed.
// Error names the file, the 1-based line and column, and quotes the line with its control
// characters escaped.
type ConfigError struct {
	// Path is the file, or what the patterns came from (a flag such as --ignore); may be empty.
	Path string
	// Line is the 1-based line, or 0 when the error is about the whole file.
	Line int
	// Column is the 1-based column in characters of the line, or 0 when unknown.
	Column int
	// Msg is the compiler's message, verbatim and unescaped; its line number counts from 0.
	Msg string
	// Err is the error that kept the file from being read, if that is what happened.
	Err error

	reason string // what is wrong, in our words; empty for file errors
	text   string // the original line, or the pattern
	at     int    // the byte offset in text that Column counts to
}

// Error names the file, the line and column, says what is wrong and quotes the line (its middle
// when long), control characters escaped; a file error is the path and Msg.
func (e *ConfigError) Error() string {
	var b strings.Builder
	if e.Path != "" {
		b.WriteString(escape.Text(e.Path))
		b.WriteString(": ")
	}
	if e.reason == "" {
		b.WriteString(escape.Text(e.Msg))
		return b.String()
	}
	// A flag's pattern (Path --package, --suppress, …) is no file: no line, and the compiler
	// never sees it.
	if e.Line > 0 && !strings.HasPrefix(e.Path, "--") {
		b.WriteString("Error parsing stability configuration file on line ")
		b.WriteString(strconv.Itoa(e.Line))
		if e.Column > 0 {
			b.WriteString(", column ")
			b.WriteString(strconv.Itoa(e.Column))
		}
		b.WriteString(" (the compiler's line ")
		b.WriteString(strconv.Itoa(e.Line - 1))
		b.WriteString("): ")
	} else if e.Column > 0 {
		b.WriteString("column ")
		b.WriteString(strconv.Itoa(e.Column))
		b.WriteString(": ")
	}
	b.WriteString(e.reason)
	b.WriteByte('\n')
	b.WriteString(excerpt(e.text, e.at))
	return b.String()
}

// Reason says what is wrong with the line in our words, "" for an error about the whole file.
func (e *ConfigError) Reason() string { return e.reason }

// Unwrap returns the read error, if any.
func (e *ConfigError) Unwrap() error { return e.Err }

// excerptBytes bounds the quoted line: a line of megabytes would otherwise be printed whole.
const excerptBytes = 240

// excerpt quotes text around byte offset at, escaped, at most about excerptBytes long.
func excerpt(text string, at int) string {
	if len(text) <= excerptBytes {
		return escape.Text(text)
	}
	start := min(max(at-excerptBytes/2, 0), len(text)-excerptBytes)
	end := start + excerptBytes
	for start > 0 && !utf8.RuneStart(text[start]) {
		start--
	}
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	s := escape.Text(text[start:end])
	if start > 0 {
		s = "…" + s
	}
	if end < len(text) {
		s += "…"
	}
	return s
}

// ParseConfig parses configuration text. An error is a *ConfigError.
func ParseConfig(path string, data []byte) (*Config, error) {
	c := &Config{}
	if err := c.add(path, data); err != nil {
		return nil, err
	}
	return c, nil
}

// With returns c (nil for none) followed by the patterns of one more text, as if its file came
// last; c itself does not change. An error is a *ConfigError.
func (c *Config) With(path string, data []byte) (*Config, error) {
	n := &Config{}
	if c != nil {
		for _, m := range c.matchers {
			m2 := *m
			n.insert(&m2, "", 0)
			m2.Source = m.Source
		}
	}
	if err := n.add(path, data); err != nil {
		return nil, err
	}
	return n, nil
}

// maxConfigSize bounds a configuration file: 64 MiB is over a million patterns.
const maxConfigSize = 64 << 20

// LoadConfig reads and unites configuration files in order, as repeated
// stabilityConfigurationPath options do. A named pipe, a device, a folder or a file over 64 MiB
// is refused without blocking. An error is a *ConfigError.
func LoadConfig(paths ...string) (*Config, error) {
	c := &Config{}
	for _, p := range paths {
		data, err := readConfigFile(p)
		if err != nil {
			return nil, err
		}
		if err := c.add(p, data); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// readConfigFile reads one configuration file; the error is a *ConfigError in the compiler's
// words where it has them.
func readConfigFile(p string) ([]byte, error) {
	data, err := userfile.ReadFile(p, maxConfigSize)
	if err == nil {
		return data, nil
	}
	msg := "Stability configuration file not found at " + p // the compiler's words
	if !errors.Is(err, fs.ErrNotExist) {
		// Both errors name the path, which the ConfigError prints already.
		var ue *userfile.Error
		var pe *fs.PathError
		switch {
		case errors.As(err, &ue):
			msg = "the stability configuration file is " + ue.Msg
		case errors.As(err, &pe):
			msg = "cannot read the stability configuration file: " + pe.Err.Error()
		default:
			msg = "cannot read the stability configuration file: " + err.Error()
		}
	}
	return nil, &ConfigError{Path: p, Msg: msg, Err: err}
}

// add parses one file's text. It copies the text once; patterns and keys are substrings of it.
func (c *Config) add(path string, data []byte) error {
	var first error
	eachLine(data, func(i int, line string) bool {
		m, err := parseLine(path, i, line)
		switch {
		case err != nil:
			first = err
			return false
		case m != nil:
			c.insert(m, path, i)
		}
		return true
	})
	return first
}

// eachLine calls yield with each line of text and its 0-based number until yield returns false.
func eachLine(data []byte, yield func(i int, line string) bool) {
	rest := string(data)
	for i := 0; rest != ""; i++ {
		// Java's readLines ends a line at \n, \r\n or a lone \r.
		line := rest
		if end := strings.IndexAny(rest, "\r\n"); end >= 0 {
			line = rest[:end]
			if rest[end] == '\r' && end+1 < len(rest) && rest[end+1] == '\n' {
				end++
			}
			rest = rest[end+1:]
		} else {
			rest = ""
		}
		if !yield(i, line) {
			return
		}
	}
}

// parseLine reads line i (0-based) of a file as the compiler does: nil, nil for a blank line or
// a comment; the matcher; or the *ConfigError the compiler fails the build with.
func parseLine(path string, i int, line string) (*Matcher, *ConfigError) {
	lead := len(line) - len(strings.TrimLeftFunc(line, isKotlinWhitespace))
	t := strings.TrimRightFunc(line[lead:], isKotlinWhitespace)
	if t == "" || strings.HasPrefix(t, "//") {
		return nil, nil
	}
	var f *patternFault
	if at := strings.Index(t, "//"); at >= 0 {
		const msg = "Comments are only supported at the start of a line."
		f = &patternFault{msg: msg, reason: "comments are only supported at the start of a line", at: at, framed: true}
	} else {
		var m *Matcher
		if m, f = compilePattern(t); f == nil {
			return m, nil
		}
	}
	msg := f.msg
	if f.framed {
		msg = "Error parsing stability configuration file on line " + strconv.Itoa(i) + ".\n" + f.msg + "\n" + line
	}
	at := lead + f.at
	return nil, &ConfigError{Path: path, Line: i + 1, Column: utf8.RuneCountInString(line[:at]) + 1,
		Msg: msg, reason: f.reason, text: line, at: at}
}

// ConfigLine is one pattern line of a configuration file, read on its own.
type ConfigLine struct {
	// Path is the file, Line the 1-based line number.
	Path string
	Line int
	// Text is the line without the white space around it.
	Text string
	// Matcher is the compiled pattern, nil when the compiler rejects the line.
	Matcher *Matcher
	// Err is why the compiler rejects the line (and with it the whole file), nil when it does not.
	Err *ConfigError
	// Duplicate is the earlier line ("path:line") with the same pattern, which the compiler keeps
	// in this one's place; "" when there is none.
	Duplicate string
}

// ConfigLines reads every pattern line of the files' texts in order, blank lines and comments
// left out. Unlike ParseConfig, which stops where the compiler does, it reads past a rejected
// line, so that a check can report every bad line at once; Config is the union of the accepted
// lines.
func ConfigLines(files []ConfigText) ([]ConfigLine, *Config) {
	var out []ConfigLine
	cfg := &Config{}
	for _, f := range files {
		eachLine(f.Data, func(i int, line string) bool {
			m, err := parseLine(f.Path, i, line)
			if m == nil && err == nil {
				return true
			}
			cl := ConfigLine{Path: f.Path, Line: i + 1, Text: strings.TrimFunc(line, isKotlinWhitespace), Matcher: m, Err: err}
			if m != nil {
				if earlier := cfg.insert(m, f.Path, i); earlier != nil {
					cl.Duplicate = earlier.Source
				}
			}
			out = append(out, cl)
			return true
		})
	}
	return out, cfg
}

// ConfigText is the text of one configuration file and where it came from.
type ConfigText struct {
	Path string
	Data []byte
}

// ReadConfigTexts reads configuration files with the checks of LoadConfig (no pipes, devices,
// folders or files over 64 MiB). An error is a *ConfigError.
func ReadConfigTexts(paths ...string) ([]ConfigText, error) {
	var out []ConfigText
	for _, p := range paths {
		data, err := readConfigFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, ConfigText{p, data})
	}
	return out, nil
}

// insert adds m, read from 0-based line i, unless the same pattern came before: the compiler
// keeps matchers in a set, equal by pattern. It returns that earlier matcher, nil when m was added.
func (c *Config) insert(m *Matcher, path string, i int) *Matcher {
	if earlier := c.patterns[m.Pattern]; earlier != nil {
		return earlier
	}
	if c.patterns == nil {
		c.patterns = map[string]*Matcher{}
		c.root = &keyNode{}
	}
	c.patterns[m.Pattern] = m
	m.Source = path + ":" + strconv.Itoa(i+1)
	m.seq = len(c.matchers)
	c.matchers = append(c.matchers, m)
	n := c.root.node(m.Key)
	if n.slot == nil {
		n.slot = &keySlot{}
	}
	s := n.slot
	first := func(p **Matcher) {
		if *p == nil {
			*p = m
		}
	}
	switch m.kind {
	case kindExact:
		first(&s.exact)
	case kindWord:
		first(&s.word)
	case kindPath:
		first(&s.path)
	case kindAll:
		first(&s.all)
	default:
		s.others = append(s.others, m)
	}
	return nil
}

// node returns the node for key, adding it, and splitting an edge, if needed.
func (n *keyNode) node(key string) *keyNode {
	for key != "" {
		i := bytes.IndexByte(n.firsts, key[0])
		if i < 0 {
			c := &keyNode{label: key}
			n.firsts = append(n.firsts, key[0])
			n.children = append(n.children, c)
			return c
		}
		c := n.children[i]
		l := 0
		for l < len(c.label) && l < len(key) && c.label[l] == key[l] {
			l++
		}
		if l < len(c.label) {
			mid := &keyNode{label: c.label[:l], firsts: []byte{c.label[l]}, children: []*keyNode{c}}
			c.label = c.label[l:]
			n.children[i] = mid
			c = mid
		}
		n, key = c, key[l:]
	}
	return n
}

// Match returns the first matcher that matches fqName, or nil.
func (c *Config) Match(fqName string) *Matcher {
	if c == nil || c.root == nil {
		return nil
	}
	// Suffixes of word characters (or of those and dots) decide the `*` and `**` patterns of
	// every key on the way, so they are measured once.
	word, path := wordFrom(fqName), pathFrom(fqName)
	n, d := c.root, 0
	for {
		if n.slot != nil {
			if m := n.slot.match(fqName, d, word, path); m != nil {
				return m
			}
		}
		if d == len(fqName) {
			return nil
		}
		i := bytes.IndexByte(n.firsts, fqName[d])
		if i < 0 || !strings.HasPrefix(fqName[d:], n.children[i].label) {
			return nil
		}
		n = n.children[i]
		d += len(n.label)
	}
}

// match returns the earliest matcher of the slot that matches fqName, whose first d bytes are
// the key; fqName[word:] and fqName[path:] are its longest suffixes that `*` and `**` can take.
func (s *keySlot) match(fqName string, d, word, path int) *Matcher {
	var best *Matcher
	take := func(m *Matcher, ok bool) {
		if m != nil && ok && (best == nil || m.seq < best.seq) {
			best = m
		}
	}
	take(s.all, true)
	take(s.exact, d == len(fqName))
	take(s.word, d < len(fqName) && d >= word)
	take(s.path, d < len(fqName) && d >= path)
	for _, m := range s.others {
		if best != nil && m.seq > best.seq {
			break
		}
		if m.Matches(fqName) {
			take(m, true)
			break
		}
	}
	return best
}

// isKotlinWhitespace is Kotlin's Char.isWhitespace, which String.trim uses.
func isKotlinWhitespace(r rune) bool {
	return unicode.IsSpace(r) || unicode.Is(unicode.Zs, r) || r == '\u001c' || r == '\u001d' || r == '\u001e' || r == '\u001f'
}
