package stability

import (
	"bytes"
	"errors"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/composestab/composestab/internal/userfile"

	"github.com/composestab/composestab/internal/escape"
)

// Matcher is one pattern of a stability configuration file, compiled as the compiler's
// FqNameMatcher does: a literal key (the prefix before the first wildcard), what the rest of a
// name must be (a regular expression in the compiler), and a type-parameter mask.
type Matcher struct {
	// Pattern is the trimmed configuration line.
	Pattern string
	// Key is the literal prefix that a name must start with.
	Key string
	// Mask selects the type parameters that take part in stability; -1 (no <…>) means all.
	Mask int32
	// Source names the file and the 1-based line the pattern came from, as "path:line".
	Source string

	kind matchKind
	// alts are the alternatives of the compiler's regular expression for the rest of the name
	// (it copies '|' into the expression), as token strings: tokWord and tokPath stand for `*`
	// and `**`, every other byte for itself.
	alts []string
	seq  int // position in its Config: of two matchers under one key, the earlier wins
}

// matchKind sorts patterns by the shape of their rest, so that Config can look the common
// shapes up instead of trying them one by one.
type matchKind uint8

const (
	kindExact matchKind = iota // no wildcard: the name equals Key
	kindWord                   // Key then `*`: the rest is one or more word characters
	kindPath                   // Key then `**`: the rest is one or more word characters or dots
	kindAll                    // the pattern `**`, which the compiler matches against anything
	kindOther                  // any other rest, matched token by token
)

// Tokens of a rest alternative. Neither byte can stand for itself: a valid pattern holds only
// word characters and . * < > , |.
const (
	tokWord = '\x01' // `*`: \w+
	tokPath = '\x02' // `**`: [\w.]+
)

// newMatcher compiles one pattern. A pattern the compiler rejects is a *ConfigError whose Msg is
// the compiler's message and whose Column points into the pattern.
func newMatcher(pattern string) (*Matcher, error) {
	m, f := compilePattern(pattern)
	if f != nil {
		return nil, &ConfigError{Column: utf8.RuneCountInString(pattern[:f.at]) + 1, Msg: f.msg, reason: f.reason, text: pattern, at: f.at}
	}
	return m, nil
}

// patternFault is why the compiler rejects a pattern: its message, ours, and the byte offset in
// the pattern it is about.
type patternFault struct {
	msg    string
	reason string
	at     int
	framed bool // the compiler's own validation, which it frames with the line number
}

func compilePattern(pattern string) (*Matcher, *patternFault) {
	if bad, ok := scanPattern(pattern); !ok {
		return nil, &patternFault{msg: pattern + " is not a valid pattern", reason: "not a valid pattern", at: bad, framed: true}
	}
	// The compiler reads the key and the rest up to the first '<', a wildcard ending the key.
	head := pattern
	if i := strings.IndexByte(pattern, '<'); i >= 0 {
		head = pattern[:i]
	}
	m := &Matcher{Pattern: pattern, Key: head, Mask: -1}
	if star := strings.IndexByte(head, '*'); star >= 0 {
		m.Key = head[:star]
		m.alts = restAlternatives(head[star:])
		switch {
		case pattern == "**":
			m.kind = kindAll
		case len(m.alts) == 1 && m.alts[0] == string(rune(tokWord)):
			m.kind = kindWord
		case len(m.alts) == 1 && m.alts[0] == string(rune(tokPath)):
			m.kind = kindPath
		default:
			m.kind = kindOther
		}
	}
	// Only a generic mask, the one grammar branch with '>', defines the mask group.
	if strings.IndexByte(pattern, '>') >= 0 {
		seg := strings.LastIndexByte(pattern, '.') + 1
		start, end := maskGroup(pattern[seg:])
		start, end = seg+start, seg+end
		var mask int32
		pos := 0 // the mask is positions of one byte each, separated by commas
		for _, c := range []byte(pattern[start:end]) {
			switch {
			case c == ',':
				pos++
			case c == '*' && pos < 32:
				mask |= 1 << pos
			}
		}
		m.Mask = mask
		// The compiler cuts the key at the position of the mask's '<' in the pattern, which can
		// lie past the key when a wildcard or another mask came first; Java then throws this
		// exception. The key holds only ASCII, so byte and UTF-16 lengths agree.
		cut := start - 1
		if cut > len(m.Key) {
			msg := "start 0, end " + strconv.Itoa(cut) + ", length " + strconv.Itoa(len(m.Key))
			return nil, &patternFault{msg: msg, at: cut,
				reason: "the compiler cannot read this generic mask (it fails with \"" + msg + "\")"}
		}
		m.Key = m.Key[:cut]
	}
	return m, nil
}

// maskGroup returns where the grammar's genericmask group lies in the last segment of a valid
// pattern with a mask: in the last <…> when masks repeat, as a regular expression's group
// reports its last iteration. Every iteration ends at a '>'; in the first one, \w+ takes all it
// can of a name and leaves the mask the rest. The expression on a segment of megabytes is slow.
func maskGroup(seg string) (start, end int) {
	end = len(seg) - 1 // the last '>'
	if p := strings.LastIndexByte(seg[:end], '>'); p >= 0 {
		start = p + 1
	} else if p := strings.IndexByte(seg[:end], '<'); p >= 0 {
		start = p
	} else {
		s := seg[:end]
		f := 0 // the first byte \w cannot take
		for f < len(s) && isWordByte(s[f]) {
			f++
		}
		switch {
		case f == len(s): // Foo_>: the mask is the last '_'
			return len(s) - 1, end
		case s[f] == ',': // Foo_,*>: the mask starts at the '_' before the comma
			return f - 1, end
		default: // Foo*,_> or Foo|>
			return f, end
		}
	}
	if seg[start] == '<' {
		start++
	}
	return start, end
}

// Pattern scanner states, one bit each: scanPattern runs the grammar as a set of states.
const (
	psSegment   = 1 << iota // at the start of a segment
	psWord                  // after word characters
	psWordStar              // after word characters and '*'
	psWordStar2             // after word characters and '**'
	psStar                  // after a bare '*'
	psStar2                 // after a bare '**'
	psMaskOpen              // after a mask's '<'
	psMaskPos               // after a mask position: * _ or |
	psMaskComma             // after a mask's ','
	psMaskClose             // after a mask's '>'

	psAccept = psWord | psWordStar | psWordStar2 | psStar | psStar2 | psMaskClose
)

// scanPattern reports whether p is in validPattern's language and, if not, the offset of the
// first byte that no valid pattern continues with (len(p) when p stops short). It runs in one
// pass with no allocation, where the regular expression on a long line is slow.
func scanPattern(p string) (bad int, ok bool) {
	set := uint16(psSegment)
	for i := 0; i < len(p); i++ {
		c := p[i]
		if set == psWord && c != '_' && isWordByte(c) {
			continue // the common case, a name going on, leaves the state as it is
		}
		w, pos := isWordByte(c), c == '*' || c == '|' || c == '_'
		var next uint16
		if set&psSegment != 0 {
			next |= pick(w, psWord) | pick(c == '*', psStar)
		}
		if set&psWord != 0 {
			next |= pick(w, psWord) | pick(c == '*', psWordStar) | pick(c == '.', psSegment) |
				pick(c == '<', psMaskOpen) | pick(pos, psMaskPos)
		}
		if set&psWordStar != 0 {
			next |= pick(c == '*', psWordStar2) | pick(c == '.', psSegment)
		}
		if set&psStar != 0 {
			next |= pick(c == '*', psStar2) | pick(c == '.', psSegment)
		}
		if set&(psWordStar2|psStar2) != 0 {
			next |= pick(c == '.', psSegment)
		}
		if set&(psMaskOpen|psMaskComma) != 0 {
			next |= pick(pos, psMaskPos)
		}
		if set&psMaskPos != 0 {
			next |= pick(c == ',', psMaskComma) | pick(c == '>', psMaskClose)
		}
		if set&psMaskClose != 0 {
			next |= pick(c == '<', psMaskOpen) | pick(pos, psMaskPos)
		}
		if next == 0 {
			return i, false
		}
		set = next
	}
	return len(p), set&psAccept != 0
}

func pick(cond bool, state uint16) uint16 {
	if cond {
		return state
	}
	return 0
}

// isWordByte is \w, in Java and Go alike.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// restAlternatives turns the part of a pattern from its first wildcard into tokens, '*' and '**'
// paired from the left as the compiler does, and splits them at '|'.
func restAlternatives(rest string) []string {
	b := make([]byte, 0, len(rest))
	for i := 0; i < len(rest); i++ {
		switch {
		case rest[i] == '*' && i+1 < len(rest) && rest[i+1] == '*':
			b = append(b, tokPath)
			i++
		case rest[i] == '*':
			b = append(b, tokWord)
		default:
			b = append(b, rest[i])
		}
	}
	return strings.Split(string(b), "|")
}

// Matches reports whether the fully qualified name fqName matches the pattern.
func (m *Matcher) Matches(fqName string) bool {
	if m.kind == kindAll {
		return true
	}
	rest, ok := strings.CutPrefix(fqName, m.Key)
	if !ok {
		return false
	}
	switch m.kind {
	case kindExact:
		return rest == ""
	case kindWord:
		return rest != "" && wordFrom(rest) == 0
	case kindPath:
		return rest != "" && pathFrom(rest) == 0
	}
	for _, a := range m.alts {
		if matchTokens(a, rest) {
			return true
		}
	}
	return false
}

// wordFrom returns where the longest suffix of s made of word characters starts.
func wordFrom(s string) int {
	i := len(s)
	for i > 0 && isWordByte(s[i-1]) {
		i--
	}
	return i
}

// pathFrom returns where the longest suffix of s made of word characters and dots starts.
func pathFrom(s string) int {
	i := len(s)
	for i > 0 && (isWordByte(s[i-1]) || s[i-1] == '.') {
		i--
	}
	return i
}

// matchTokens reports whether s matches the token string p as a whole, the way the compiler's
// expression does. It simulates the automaton: state i means p[:i] is matched, and a state after
// a wildcard may take more of its characters. Time is at most len(s) times the live states, and
// memory the live states.
func matchTokens(p, s string) bool {
	if len(s) < len(p) { // every token takes at least one byte
		return false
	}
	if strings.IndexByte(p, tokWord) < 0 && strings.IndexByte(p, tokPath) < 0 {
		return p == s
	}
	// From state i the automaton goes to i or i+1, so walking the states in increasing order
	// lists the next ones in increasing order too, a repeated one right after itself.
	cur, next := []int{0}, []int(nil)
	for j := 0; j < len(s); j++ {
		c := s[j]
		next = next[:0]
		for _, i := range cur {
			if i > 0 && isWild(p[i-1]) && takes(p[i-1], c) && (len(next) == 0 || next[len(next)-1] != i) {
				next = append(next, i) // the wildcard just matched takes c too
			}
			if i < len(p) && takes(p[i], c) {
				next = append(next, i+1)
			}
		}
		if len(next) == 0 {
			return false
		}
		cur, next = next, cur
	}
	return slices.Contains(cur, len(p))
}

func isWild(t byte) bool { return t == tokWord || t == tokPath }

// takes reports whether token t matches the byte c.
func takes(t, c byte) bool {
	switch t {
	case tokWord:
		return isWordByte(c)
	case tokPath:
		return isWordByte(c) || c == '.'
	}
	return t == c
}

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
