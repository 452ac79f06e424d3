package baseline

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/composable"
	"github.com/composestab/composestab/stability"
)

// Composable is the part of a scanned composable that a baseline keeps: how a call from another
// file or module compares each argument and whether it skips, with the $stable values that
// decide it. It is keyed by JVM owner, name and descriptor, so overloads never collide.
//
// Its block in the text format (version 3):
//
//	composable capp/ComposablesKt.Mixed(Lclib/Point;Lclib/Counter;Landroidx/compose/runtime/Composer;I)V
//	  name capp.Mixed                   the compiler's qualified name
//	  visibility public
//	  restartable true
//	  skips true                        true, false or runtime (decided by a caller's type arguments)
//	  by-design inline: runs as part of its caller
//	                                    only for a composable that does not skip by design
//	  param equals p: Point             one line per parameter in the compiler's order: the
//	                                    comparison (equals, identity, none, unused, runtime),
//	                                    name and type as written
//	  param identity c: Counter
//	    $stable clib.Counter = 8        the $stable values a caller's bits are read from
//	    open type argument T            what leaves a runtime comparison undecided
//	    site equals capp/CallersKt.Call(Landroidx/compose/runtime/Composer;I)V clib.Point=0
//	                                    for such a parameter, what each call site in the
//	                                    audited inputs passes: comparison, caller, the $stable
//	                                    values it reads (CLASS=VALUE) and open=WHAT
type Composable struct {
	// Key is the JVM owner, a dot, the method name and descriptor.
	Key         string               `json:"key"`
	Name        string               `json:"name"`
	Visibility  stability.Visibility `json:"visibility"`
	Restartable bool                 `json:"restartable"`
	// Skips is "true", "false" or "runtime".
	Skips    string             `json:"skips"`
	ByDesign string             `json:"byDesign,omitempty"`
	Params   []*ComposableParam `json:"params"`

	input string
}

// ComposableParam is one parameter of a baseline composable.
type ComposableParam struct {
	Name    string                   `json:"name"`
	Type    string                   `json:"type"`
	Compare composable.Compare       `json:"compare"`
	Stable  []composable.StableValue `json:"stable,omitempty"`
	Open    []string                 `json:"open,omitempty"`
	// Sites are what the call sites of the audited inputs pass, for a parameter whose comparison
	// only a caller's type arguments decide.
	Sites []*Site `json:"sites,omitempty"`
}

// Site is what one call site passes for a parameter.
type Site struct {
	Caller  string                   `json:"caller"`
	Compare composable.Compare       `json:"compare"`
	Stable  []composable.StableValue `json:"stable,omitempty"`
	Open    []string                 `json:"open,omitempty"`
}

// Input is where the composable was scanned from; "" for a baseline read from text.
func (c *Composable) Input() string { return c.input }

// composableOf is the baseline entry of one scanned composable of input.
func composableOf(input string, c *scan.Composable) *Composable {
	out := &Composable{Key: c.Class + "." + c.Method, Name: c.Name, Visibility: c.Visibility, Restartable: c.Restartable,
		Skips: c.Skips, ByDesign: c.ByDesign, Params: []*ComposableParam{}, input: input}
	for _, p := range c.Params {
		q := &ComposableParam{Name: p.Name, Type: p.Type, Compare: p.Compare, Open: p.Open}
		q.Stable = append(q.Stable, p.Stable...) // Input is kept for causes, never written
		for _, site := range p.Sites {
			q.Sites = append(q.Sites, &Site{Caller: site.Caller, Compare: site.Compare, Stable: site.Stable, Open: site.Open})
		}
		out.Params = append(out.Params, q)
	}
	return out
}

// composablesOf lists the composables of a report that another file can call (public,
// protected, internal), each key once (the first input's), sorted.
func composablesOf(rep *scan.Report) []*Composable {
	var out []*Composable
	seen := map[string]bool{}
	for _, ic := range rep.Composables {
		for _, c := range ic.Composables {
			if c.Visibility == stability.Private || c.Visibility == stability.Local {
				continue
			}
			bc := composableOf(ic.Input, c)
			if seen[bc.Key] {
				continue
			}
			seen[bc.Key] = true
			out = append(out, bc)
		}
	}
	sortComposables(out)
	return out
}

func sortComposables(cs []*Composable) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].Key < cs[j-1].Key; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

func writeComposable(s *strings.Builder, c *Composable) {
	fmt.Fprintf(s, "composable %s\n", escapePart(c.Key, ""))
	fmt.Fprintf(s, "  name %s\n", escapePart(c.Name, ""))
	fmt.Fprintf(s, "  visibility %s\n", c.Visibility)
	fmt.Fprintf(s, "  restartable %t\n", c.Restartable)
	fmt.Fprintf(s, "  skips %s\n", c.Skips)
	if c.ByDesign != "" {
		fmt.Fprintf(s, "  by-design %s\n", escapePart(c.ByDesign, ""))
	}
	for _, p := range c.Params {
		fmt.Fprintf(s, "  param %s %s: %s\n", p.Compare, escapePart(p.Name, ": "), escapePart(p.Type, ""))
		for _, v := range p.Stable {
			fmt.Fprintf(s, "    $stable %s = %d\n", escapePart(v.Class, "= "), v.Value)
		}
		for _, o := range p.Open {
			fmt.Fprintf(s, "    open %s\n", escapePart(o, ""))
		}
		for _, site := range p.Sites {
			fmt.Fprintf(s, "    site %s %s", site.Compare, escapePart(site.Caller, " "))
			for _, v := range site.Stable {
				fmt.Fprintf(s, " %s=%d", escapePart(v.Class, " ="), v.Value)
			}
			for _, o := range site.Open {
				fmt.Fprintf(s, " open=%s", escapePart(o, " "))
			}
			s.WriteString("\n")
		}
	}
}

// parseComposableLine reads one indented line of a composable block.
func parseComposableLine(c *Composable, key, value string) error {
	var last *ComposableParam
	if len(c.Params) > 0 {
		last = c.Params[len(c.Params)-1]
	}
	switch key {
	case "name", "by-design":
		v, err := unescapeValue(key, value)
		if err != nil {
			return err
		}
		if key == "name" {
			c.Name = v
		} else {
			c.ByDesign = v
		}
	case "visibility":
		if err := c.Visibility.UnmarshalText([]byte(value)); err != nil {
			return fmt.Errorf("visibility %q: %v", value, err)
		}
	case "restartable":
		v, err := strconv.ParseBool(value)
		if err != nil {
			return fmt.Errorf("restartable %q: want true or false", value)
		}
		c.Restartable = v
	case "skips":
		if value != "true" && value != "false" && value != "runtime" {
			return fmt.Errorf("skips %q: want true, false or runtime", value)
		}
		c.Skips = value
	case "param":
		word, rest, _ := strings.Cut(value, " ")
		cmp := composable.Compare(word)
		if !isCompare(cmp) {
			return fmt.Errorf("param %q: want equals, identity, none, unused or runtime first", value)
		}
		name, typ, ok := strings.Cut(rest, ": ")
		if !ok || name == "" {
			return fmt.Errorf("param %q: want \"COMPARISON NAME: TYPE\"", value)
		}
		n, err := unescapeValue("parameter name", name)
		if err != nil {
			return err
		}
		t, err := unescapeValue("parameter type", typ)
		if err != nil {
			return err
		}
		c.Params = append(c.Params, &ComposableParam{Name: n, Type: t, Compare: cmp})
	case "$stable":
		if last == nil {
			return fmt.Errorf("$stable before the first param of composable %s", c.Key)
		}
		class, num, ok := strings.Cut(value, " = ")
		v, err := strconv.ParseInt(strings.TrimSpace(num), 10, 32)
		if !ok || err != nil {
			return fmt.Errorf("$stable %q: want \"CLASS = VALUE\"", value)
		}
		cl, err := unescapeValue("class", class)
		if err != nil {
			return err
		}
		last.Stable = append(last.Stable, composable.StableValue{Class: cl, Value: int32(v)})
	case "site":
		if last == nil {
			return fmt.Errorf("site before the first param of composable %s", c.Key)
		}
		site, err := parseSite(value)
		if err != nil {
			return err
		}
		last.Sites = append(last.Sites, site)
	case "open":
		if last == nil {
			return fmt.Errorf("open before the first param of composable %s", c.Key)
		}
		o, err := unescapeValue("open", value)
		if err != nil {
			return err
		}
		last.Open = append(last.Open, o)
	default:
		return fmt.Errorf("unknown key %q in composable %s", key, c.Key)
	}
	return nil
}

// parseSite reads "COMPARISON CALLER [CLASS=VALUE...] [open=WHAT...]".
func parseSite(value string) (*Site, error) {
	words := strings.Fields(value)
	if len(words) < 2 || !isCompare(composable.Compare(words[0])) {
		return nil, fmt.Errorf("site %q: want \"COMPARISON CALLER [CLASS=VALUE...] [open=WHAT...]\"", value)
	}
	caller, err := unescapeValue("caller", words[1])
	if err != nil {
		return nil, err
	}
	site := &Site{Caller: caller, Compare: composable.Compare(words[0])}
	for _, w := range words[2:] {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return nil, fmt.Errorf("site %q: %q is not CLASS=VALUE or open=WHAT", value, w)
		}
		if k == "open" {
			o, err := unescapeValue("open", v)
			if err != nil {
				return nil, err
			}
			site.Open = append(site.Open, o)
			continue
		}
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("site %q: %q is not CLASS=VALUE", value, w)
		}
		class, err := unescapeValue("class", k)
		if err != nil {
			return nil, err
		}
		site.Stable = append(site.Stable, composable.StableValue{Class: class, Value: int32(n)})
	}
	return site, nil
}

func isCompare(c composable.Compare) bool {
	switch c {
	case composable.Equals, composable.Identity, composable.NotCompared, composable.Unused, composable.Open:
		return true
	}
	return false
}
