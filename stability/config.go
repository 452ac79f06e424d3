package stability

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
	"unicode"
)

// validPattern is the compiler's grammar for one configuration line, anchored for a whole match.
// Both Java and Go read \w as [A-Za-z0-9_], so the two accept the same lines.
var validPattern = regexp.MustCompile(`^(?:((\w+\*{0,2}|\*{1,2})\.)*((\w+(<?(?P<genericmask>([*|_],)*[*|_])>)+)|(\w+\*{0,2}|\*{1,2})))$`)

// Matcher is one pattern of a stability configuration file, compiled as the compiler's
// FqNameMatcher does: a literal key (the prefix before the first wildcard), an optional regular
// expression for the rest, and a type-parameter mask.
type Matcher struct {
	// Pattern is the trimmed configuration line.
	Pattern string
	// Key is the literal prefix that a name must start with.
	Key string
	// Mask selects the type parameters that take part in stability; -1 (no <…>) means all.
	Mask int32
	// Source names the file and 0-based line the pattern came from.
	Source string

	rest *regexp.Regexp
}

// NewMatcher compiles one pattern. The error text is the compiler's.
func NewMatcher(pattern string) (*Matcher, error) {
	groups := validPattern.FindStringSubmatchIndex(pattern)
	if groups == nil {
		return nil, fmt.Errorf("%s is not a valid pattern", pattern)
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
			// Copied into the expression as is, as the compiler does ('|' stays an alternation).
			rest.WriteByte(c)
		default:
			key.WriteByte(c)
		}
	}
	m := &Matcher{Pattern: pattern, Key: key.String(), Mask: -1}
	if rest.Len() > 0 {
		re, err := regexp.Compile(`^(?:` + rest.String() + `)$`)
		if err != nil {
			return nil, fmt.Errorf("%s is not a valid pattern", pattern)
		}
		m.rest = re
	}
	gi := 2 * validPattern.SubexpIndex("genericmask")
	if start := groups[gi]; start >= 0 {
		var mask int32
		for i, p := range strings.Split(pattern[start:groups[gi+1]], ",") {
			if p == "*" && i < 32 {
				mask |= 1 << i
			}
		}
		m.Mask = mask
		// The compiler cuts the key at the position of the mask's '<' in the pattern, which can
		// lie past the key when a wildcard came first; Java then throws this exception.
		// The key holds only ASCII after validation, so byte and UTF-16 lengths agree.
		end := start - 1
		if end > len(m.Key) {
			return nil, fmt.Errorf("start 0, end %d, length %d", end, len(m.Key))
		}
		m.Key = m.Key[:end]
	}
	return m, nil
}

// Matches reports whether the fully qualified name fqName matches the pattern.
func (m *Matcher) Matches(fqName string) bool {
	if m.Pattern == "**" {
		return true
	}
	if !strings.HasPrefix(fqName, m.Key) {
		return false
	}
	if m.rest == nil {
		return fqName == m.Key
	}
	return m.rest.MatchString(fqName[len(m.Key):])
}

// Config is the union of stability configuration files, looked up the way the compiler's
// FqNameMatcherCollection does: matchers sit in a character trie by key, and walking a name from
// its first character, the first matcher that matches wins (a shorter key wins over a longer one,
// whatever the file order).
type Config struct {
	matchers []*Matcher
	root     *trieNode
}

type trieNode struct {
	children map[byte]*trieNode
	values   []*Matcher
}

// ConfigError is a stability configuration file that cannot be parsed.
type ConfigError struct {
	// Path is the file; Line the 0-based line number, as the compiler reports it.
	Path string
	Line int
	// Msg is the compiler's whole message.
	Msg string
}

func (e *ConfigError) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

// ParseConfig parses configuration text. The error message is the compiler's, including its
// 0-based line number.
func ParseConfig(path string, data []byte) (*Config, error) {
	c := &Config{}
	if err := c.add(path, data); err != nil {
		return nil, err
	}
	return c, nil
}

// LoadConfig reads and unites configuration files in order, as repeated
// stabilityConfigurationPath options do.
func LoadConfig(paths ...string) (*Config, error) {
	c := &Config{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, &ConfigError{Path: p, Line: -1, Msg: fmt.Sprintf("Stability configuration file not found at %s", p)}
		}
		if err := c.add(p, data); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (c *Config) add(path string, data []byte) error {
	for i, line := range splitLines(data) {
		t := strings.TrimFunc(line, isKotlinWhitespace)
		if t == "" || strings.HasPrefix(t, "//") {
			continue
		}
		var msg string
		if strings.Contains(t, "//") {
			msg = "Comments are only supported at the start of a line."
		} else {
			m, err := NewMatcher(t)
			if err == nil {
				m.Source = fmt.Sprintf("%s:%d", path, i)
				c.insert(m)
				continue
			}
			if !strings.HasSuffix(err.Error(), " is not a valid pattern") {
				// Only the compiler's own validation errors get the framed message.
				return &ConfigError{Path: path, Line: i, Msg: err.Error()}
			}
			msg = err.Error()
		}
		return &ConfigError{Path: path, Line: i,
			Msg: fmt.Sprintf("Error parsing stability configuration file on line %d.\n%s\n%s", i, msg, line)}
	}
	return nil
}

func (c *Config) insert(m *Matcher) {
	for _, old := range c.matchers {
		if old.Pattern == m.Pattern {
			return // the compiler keeps matchers in a set, equal by pattern
		}
	}
	c.matchers = append(c.matchers, m)
	if c.root == nil {
		c.root = &trieNode{}
	}
	n := c.root
	for i := 0; i < len(m.Key); i++ {
		if n.children == nil {
			n.children = map[byte]*trieNode{}
		}
		next := n.children[m.Key[i]]
		if next == nil {
			next = &trieNode{}
			n.children[m.Key[i]] = next
		}
		n = next
	}
	n.values = append(n.values, m)
}

// Matchers lists the patterns in the order they were read, without duplicates.
func (c *Config) Matchers() []*Matcher {
	if c == nil {
		return nil
	}
	return c.matchers
}

// Match returns the first matcher that matches fqName, or nil.
func (c *Config) Match(fqName string) *Matcher {
	if c == nil {
		return nil
	}
	n := c.root
	for i := 0; n != nil; i++ {
		for _, m := range n.values {
			if m.Matches(fqName) {
				return m
			}
		}
		if i >= len(fqName) {
			break
		}
		n = n.children[fqName[i]]
	}
	return nil
}

func splitLines(data []byte) []string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), len(data)+1)
	sc.Split(scanJavaLines)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}

// scanJavaLines splits at \n, \r\n or a lone \r, as Java's readLines does.
func scanJavaLines(data []byte, atEOF bool) (int, []byte, error) {
	for i, b := range data {
		switch b {
		case '\n':
			return i + 1, data[:i], nil
		case '\r':
			if i+1 < len(data) {
				if data[i+1] == '\n' {
					return i + 2, data[:i], nil
				}
				return i + 1, data[:i], nil
			}
			if atEOF {
				return i + 1, data[:i], nil
			}
			return 0, nil, nil // need one more byte to tell \r from \r\n
		}
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// isKotlinWhitespace is Kotlin's Char.isWhitespace, which String.trim uses.
func isKotlinWhitespace(r rune) bool {
	return unicode.IsSpace(r) || unicode.Is(unicode.Zs, r) || r == '\u001c' || r == '\u001d' || r == '\u001e' || r == '\u001f'
}
