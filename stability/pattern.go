package stability

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file compiles and matches one pattern of a stability configuration file, as the compiler's
// FqNameMatcher does.

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
