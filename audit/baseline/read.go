package baseline

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/internal/english"
	"github.com/composestab/composestab/stability"
)

// This file reads a baseline in the text format (docs/baseline.md).

// classKinds are the kinds a header may name, longest first so that "enum class" wins over "class".
var classKinds = []string{"annotation class", "companion object", "enum class", "enum entry", "interface", "object", "class"}

// Read parses a baseline in the text format. Errors are *Error values with the line number.
func Read(r io.Reader) (*Baseline, error) {
	b := &Baseline{Classes: []*Class{}, Inputs: []string{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	header, version, ended := false, 0, false
	var cur *Class
	var curFn *Composable
	curLine := 0
	seen := map[string]bool{}
	seenFn := map[string]bool{}
	keys := map[string]bool{}
	finish := func() error {
		if cur != nil && cur.Verdict == "" {
			return &Error{curLine, fmt.Sprintf("class %s has no verdict line", cur.Name)}
		}
		return nil
	}
	n := 0
	for sc.Scan() {
		n++
		raw := strings.TrimRight(sc.Text(), "\r")
		text := strings.TrimSpace(raw)
		if e, ok := parseClasspathLine(text); ok && !header {
			b.Classpath = append(b.Classpath, e)
			continue
		}
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if !header {
			word, v, _ := strings.Cut(text, " ")
			if word != baselineMagic {
				return nil, &Error{n, fmt.Sprintf("not a composestab baseline: want %q first", baselineMagic+" "+strconv.Itoa(Version))}
			}
			switch strings.TrimSpace(v) {
			case "1":
				version = 1
			case strconv.Itoa(Version):
				version = Version
			case strconv.Itoa(ComposablesVersion):
				version = ComposablesVersion
			default:
				return nil, &Error{n, fmt.Sprintf("unsupported baseline version %q (this composestab reads 1 to %d)", strings.TrimSpace(v), ComposablesVersion)}
			}
			header = true
			continue
		}
		if ended {
			return nil, &Error{n, "text after the end line"}
		}
		if raw[0] != ' ' && raw[0] != '\t' {
			if err := finish(); err != nil {
				return nil, err
			}
			if count, ok := strings.CutPrefix(text, "end "); ok && version >= 2 {
				if err := checkEnd(count, len(b.Classes), len(b.Composables), version); err != nil {
					return nil, &Error{n, err.Error()}
				}
				ended, cur, curFn = true, nil, nil
				continue
			}
			if key, ok := strings.CutPrefix(text, "composable "); ok && version >= ComposablesVersion {
				k, err := unescapeValue("composable", strings.TrimSpace(key))
				if err != nil {
					return nil, &Error{n, err.Error()}
				}
				if seenFn[k] {
					return nil, &Error{n, fmt.Sprintf("composable %s listed twice", k)}
				}
				seenFn[k] = true
				curFn = &Composable{Key: k, Skips: "true", Params: []*ComposableParam{}}
				b.Composables = append(b.Composables, curFn)
				cur, keys = nil, map[string]bool{}
				continue
			}
			curFn = nil
			c, err := parseClassHeader(text)
			if err != nil {
				return nil, &Error{n, err.Error()}
			}
			if seen[c.Name] {
				return nil, &Error{n, fmt.Sprintf("class %s listed twice", c.Name)}
			}
			seen[c.Name] = true
			b.Classes = append(b.Classes, c)
			cur, curLine = c, n
			keys = map[string]bool{}
			continue
		}
		key, value, _ := strings.Cut(text, " ")
		if curFn != nil {
			if keys[key] && key != "param" && key != "$stable" && key != "open" && key != "site" {
				return nil, &Error{n, fmt.Sprintf("%q given twice for composable %s", key, curFn.Key)}
			}
			keys[key] = true
			if err := parseComposableLine(curFn, key, value); err != nil {
				return nil, &Error{n, err.Error()}
			}
			continue
		}
		if cur == nil {
			return nil, &Error{n, "indented line before the first class"}
		}
		if keys[key] && key != "reads" && key != "field" {
			return nil, &Error{n, fmt.Sprintf("%q given twice for class %s", key, cur.Name)}
		}
		keys[key] = true
		if err := parseClassLine(cur, key, value); err != nil {
			return nil, &Error{n, err.Error()}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{n + 1, err.Error()}
	}
	if !header {
		return nil, &Error{0, fmt.Sprintf("empty: no %q line", baselineMagic)}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	if version >= 2 && !ended {
		return nil, &Error{n, fmt.Sprintf("no end line after %s: the file is cut short (regenerate it with composestab dump)", english.Plural(len(b.Classes), "class"))}
	}
	return b, nil
}

// checkEnd checks the end line's counts ("36 classes", then ", 40 composables" from version 3)
// against the blocks read.
func checkEnd(text string, blocks, composables, version int) error {
	text, fns, hasFns := strings.Cut(text, ", ")
	if hasFns || composables > 0 {
		num, word, _ := strings.Cut(strings.TrimSpace(fns), " ")
		count, err := strconv.Atoi(num)
		if !hasFns || version < ComposablesVersion || err != nil || count < 0 || (word != "composable" && word != "composables") {
			return fmt.Errorf("end line %q: want \"end N classes, M composables\"", "end "+text+", "+fns)
		}
		if count != composables {
			return fmt.Errorf("end line says %d composables, the file holds %d: the file is cut short or edited", count, composables)
		}
	}
	num, word, _ := strings.Cut(strings.TrimSpace(text), " ")
	count, err := strconv.Atoi(num)
	if err != nil || count < 0 || (word != "class" && word != "classes") {
		return fmt.Errorf("end line %q: want \"end N classes\"", "end "+text)
	}
	if count != blocks {
		return fmt.Errorf("end line says %d classes, the file holds %d: the file is cut short or edited", count, blocks)
	}
	return nil
}

func parseClassHeader(text string) (*Class, error) {
	word, rest, ok := strings.Cut(text, " ")
	var vis stability.Visibility
	if err := vis.UnmarshalText([]byte(word)); err != nil {
		return nil, fmt.Errorf("want a class line \"VISIBILITY KIND NAME\", got %q", text)
	}
	for _, k := range classKinds {
		if name, ok2 := strings.CutPrefix(rest, k+" "); ok && ok2 && strings.TrimSpace(name) != "" {
			var kind stability.ClassKind
			if err := kind.UnmarshalText([]byte(k)); err != nil {
				return nil, err
			}
			name, err := unescapeValue("class name", strings.TrimSpace(name))
			if err != nil {
				return nil, err
			}
			return &Class{Name: name, Kind: kind, Visibility: vis, Compose: true, Fields: []*scan.Field{}, Reads: []scan.StableRead{}}, nil
		}
	}
	return nil, fmt.Errorf("want a class line \"VISIBILITY KIND NAME\", got %q", text)
}

func parseClassLine(c *Class, key, value string) error {
	switch key {
	case "verdict":
		if !isVerdict(value) {
			return fmt.Errorf("verdict %q: want stable, unstable, runtime or uncertain", value)
		}
		c.Verdict = stability.Verdict(value)
	case "stability":
		v, err := unescapeValue("stability", value)
		if err != nil {
			return err
		}
		c.Stability = v
	case "analysis":
		if value != "consumer" {
			return fmt.Errorf("analysis %q: want consumer", value)
		}
		c.Consumer = true
	case "compose", "marked":
		v, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("%s %q: want true or false", key, value)
		}
		if key == "compose" {
			c.Compose = v
		} else {
			c.Marked = v
		}
	case "type-parameters":
		words, err := splitWords(value)
		if err != nil {
			return fmt.Errorf("type-parameters %v", err)
		}
		c.TypeParameters = words
		if c.Participating == nil {
			c.Participating = []string{}
		}
	case "participating":
		words, err := splitWords(value)
		if err != nil {
			return fmt.Errorf("participating %v", err)
		}
		c.Participating = words
	case "mask":
		n, err := strconv.ParseInt(value, 10, 32)
		if err != nil {
			return fmt.Errorf("mask %q: want an integer", value)
		}
		m := int32(n)
		c.Mask = &m
	case "$stable":
		v, expr, ok := strings.Cut(value, " = ")
		if !ok || strings.TrimSpace(expr) == "" {
			return fmt.Errorf("$stable %q: want \"VALUE = EXPRESSION\"", value)
		}
		p, err := parseValue(v)
		if err != nil {
			return fmt.Errorf("$stable value %q: want an integer or ?", v)
		}
		if expr, err = unescapeValue("$stable expression", expr); err != nil {
			return err
		}
		c.StableField, c.StableValue, c.StableExpr = true, p, expr
	case "reads":
		name, v, ok := strings.Cut(value, " = ")
		if !ok || name == "" {
			return fmt.Errorf("reads %q: want \"CLASS = VALUE\"", value)
		}
		p, err := parseValue(v)
		if err != nil {
			return fmt.Errorf("reads value %q: want an integer or ?", v)
		}
		if name, err = unescapeValue("reads class", name); err != nil {
			return err
		}
		c.Reads = append(c.Reads, scan.StableRead{Class: name, Value: p})
	case "field":
		f, err := parseField(value)
		if err != nil {
			return err
		}
		c.Fields = append(c.Fields, f)
	default:
		return fmt.Errorf("unknown key %q", key)
	}
	return nil
}

func isVerdict(s string) bool {
	return s == "stable" || s == "unstable" || s == "runtime" || s == "uncertain"
}

func parseValue(s string) (*int32, error) {
	if s == "?" {
		return nil, nil
	}
	n, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return nil, err
	}
	v := int32(n)
	return &v, nil
}

var errFieldLine = errors.New(`want "field VERDICT val|var NAME: TYPE = STABILITY"`)

func parseField(value string) (*scan.Field, error) {
	parts := strings.SplitN(value, " ", 3)
	if len(parts) != 3 || !isVerdict(parts[0]) || (parts[1] != "val" && parts[1] != "var") {
		return nil, errFieldLine
	}
	f := &scan.Field{Verdict: stability.Verdict(parts[0]), Var: parts[1] == "var"}
	name, rest, ok := strings.Cut(parts[2], ": ")
	if !ok || name == "" {
		return nil, errFieldLine
	}
	if typ, ok := strings.CutSuffix(rest, " ="); ok {
		f.Type = typ
	} else if i := strings.LastIndex(rest, " = "); i >= 0 {
		f.Type, f.Stability = rest[:i], rest[i+3:]
	} else {
		return nil, errFieldLine
	}
	// An empty type is written as nothing (a class file can make its field's type render
	// empty), so it reads back as nothing.
	var err error
	if f.Name, err = unescapeValue("field name", name); err != nil {
		return nil, err
	}
	if f.Type, err = unescapeValue("field type", f.Type); err != nil {
		return nil, err
	}
	if f.Stability, err = unescapeValue("field stability", f.Stability); err != nil {
		return nil, err
	}
	return f, nil
}
