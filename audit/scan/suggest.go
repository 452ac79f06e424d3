package scan

import (
	"fmt"
	"sort"
	"strings"

	"github.com/composestab/composestab/evaluate"
	"github.com/composestab/composestab/internal/par"
	"github.com/composestab/composestab/stability"
)

// A Suggestion is what a stability configuration file could say of a class that apps find
// unstable only because it carries no Compose traces: a Java class, or Kotlin built without the
// Compose compiler. Safe means every field, the superclasses' included, is final and of a type
// the consumer can prove stable (given the other safe suggestions), so declaring the class stable
// tells the compiler nothing false.
type Suggestion struct {
	Class string `json:"class"`
	Input string `json:"input"`
	// Pattern is the configuration-file line: the class name, with a <*,_> mask when only some
	// type parameters decide its stability (* decides, _ does not).
	Pattern string `json:"pattern"`
	Safe    bool   `json:"safe"`
	// Why says why it is safe, or what makes it unsafe.
	Why []string `json:"why"`
}

// suggestion is the judgement of one candidate in one round.
type suggestion struct {
	c       *stability.Class
	input   string
	safe    bool
	pattern string
	why     []string
}

// suggestConfig judges every reported class that the consumer finds unstable for want of Compose
// traces. Declaring one class stable can make another safe (a field of its type), so the rounds
// repeat with the safe ones configured until nothing changes.
func suggestConfig(u *stability.Universe, ev *evaluate.Evaluator, rep *Report, s *Setup) ([]*Suggestion, error) {
	consumer := s.Engine(nil)
	var candidates []*suggestion
	for _, ac := range rep.Classes {
		c := u.ClassByJVMName(ac.JVMName)
		if ac.Verdict != stability.VerdictUnstable {
			continue
		}
		dt := stability.DefaultType(c)
		if _, r := consumer.TypeStability(&dt, ""); r == nil || r.Rule != stability.RuleJava && r.Rule != stability.RuleNotCompose {
			continue
		}
		candidates = append(candidates, &suggestion{c: c, input: ac.Input})
	}
	if err := judgeRounds(u, ev, s, s.Config, candidates); err != nil {
		return nil, err
	}
	out := make([]*Suggestion, 0, len(candidates))
	for _, s := range candidates {
		out = append(out, &Suggestion{Class: s.c.FqName(), Input: s.input, Pattern: s.pattern, Safe: s.safe, Why: s.why})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Safe != out[j].Safe {
			return out[i].Safe
		}
		return out[i].Class < out[j].Class
	})
	return out, nil
}

// judgeRounds judges the candidates in rounds, each with base and the candidates found safe so
// far configured (declaring one class stable can make another safe: a field of its type), until
// nothing changes.
func judgeRounds(u *stability.Universe, ev *evaluate.Evaluator, s *Setup, base *stability.Config, candidates []*suggestion) error {
	safe := map[*stability.Class]bool{}
	for round := 0; round <= len(candidates); round++ {
		var text strings.Builder
		for _, c := range candidates {
			if safe[c.c] {
				text.WriteString(c.pattern + "\n")
			}
		}
		cfg, err := base.With("suggested", []byte(text.String()))
		if err != nil {
			return err
		}
		with := *s
		with.Config = cfg
		e := with.Engine(nil)
		// Each candidate is judged on its own (the consumer engine caches nothing): every core.
		par.For(len(candidates), func(i int) { judge(u, ev, e, candidates[i]) })
		changed := false
		for _, cand := range candidates {
			if cand.safe != safe[cand.c] {
				safe[cand.c], changed = cand.safe, true
			}
		}
		if !changed {
			return nil
		}
	}
	return nil
}

// writablePattern reports whether p is one line of a configuration file that the compiler
// accepts (a crafted class name may not be).
func writablePattern(p string) bool {
	if strings.ContainsAny(p, "\r\n") {
		return false
	}
	_, err := stability.ParseConfig("", []byte(p))
	return err == nil
}

// judge decides whether s.c may be declared stable with the engine e (which has the current safe
// suggestions configured), and fills in its pattern and reasons.
func judge(u *stability.Universe, ev *evaluate.Evaluator, e *stability.Engine, s *suggestion) {
	c := s.c
	d := c.Ensure()
	s.pattern, s.safe, s.why = c.FqName(), false, nil
	switch {
	case d.Kind == stability.KindInterface || d.Kind == stability.KindAnnotationClass:
		s.why = []string{"an interface: its implementations are unknown, and may hold mutable state"}
		return
	case d.Modality != stability.Final:
		s.why = []string{"not final: a subclass could add mutable state"}
		return
	}
	used := map[string]bool{} // type parameters of c that the fields depend on
	var fields []string
	var bad []string
	for k, depth := c, 0; k != nil && depth < 64; depth++ {
		if k.Ensure().Origin == stability.OriginMissing {
			bad = append(bad, "superclass "+k.FqName()+" is not on the classpath")
			break
		}
		fs, err := u.InstanceFields(k)
		switch {
		case err != nil && k != c:
			bad = append(bad, "superclass "+k.FqName()+" is not on the classpath: its fields are unknown")
		case err != nil:
			bad = append(bad, fmt.Sprintf("its fields cannot be read: %v", err))
		}
		if err != nil {
			break
		}
		for _, f := range fs {
			name := f.Name
			if k != c {
				name = k.SimpleName() + "." + f.Name
			}
			if f.Var {
				bad = append(bad, "field "+name+" is not final")
				continue
			}
			st, r := e.TypeStability(f.Type, "")
			eff := ev.Resolve(st, r)
			why := fieldProblem(eff, c, used)
			if why != "" {
				bad = append(bad, "field "+name+": "+f.Type.String()+" "+why)
				continue
			}
			fields = append(fields, name+": "+f.Type.String())
		}
		k = superOf(u, k)
	}
	if len(bad) > 0 {
		s.why = bad
		return
	}
	s.safe = true
	if len(d.TypeParameters) > 0 && len(used) < len(d.TypeParameters) {
		mask := make([]string, len(d.TypeParameters))
		for i, p := range d.TypeParameters {
			mask[i] = map[bool]string{true: "*", false: "_"}[used[p.Name]]
		}
		s.pattern += "<" + strings.Join(mask, ",") + ">"
	}
	switch {
	case len(fields) == 0:
		s.why = []string{"final, and holds no instance fields"}
	default:
		s.why = []string{"final; every field is final and stable: " + strings.Join(fields, ", ")}
	}
	if len(used) > 0 {
		var ps []string
		for _, p := range d.TypeParameters {
			if used[p.Name] {
				ps = append(ps, p.Name)
			}
		}
		s.why = append(s.why, "stable when its type arguments "+strings.Join(ps, ", ")+" are")
	}
	if !writablePattern(s.pattern) {
		s.safe = false
		s.why = append(s.why, "its name cannot be written as a configuration-file pattern, so no file can declare it")
	}
}

// fieldProblem says why a field of this effective stability stops c from being declared stable,
// "" when it does not; type parameters of c the field depends on are added to used.
func fieldProblem(eff *evaluate.Effective, c *stability.Class, used map[string]bool) string {
	var problem string
	stability.ForEach(eff.Stability, func(leaf stability.Stability) {
		if problem != "" {
			return
		}
		switch l := leaf.(type) {
		case stability.Certain:
			if !l.Stable {
				problem = "is unstable"
			}
		case stability.Parameter:
			if l.Param.Owner == c.Name {
				used[l.Param.Name] = true
			} else {
				problem = "depends on a type parameter " + l.Param.Name + " of " + l.Param.Owner
			}
		case stability.Unknown:
			problem = "is uncertain (" + l.Class.FqName() + " is an interface or open class)"
		case stability.Runtime:
			problem = "needs " + l.Class.FqName() + ".$stable, which cannot be computed"
		}
	})
	return problem
}

// superOf is the superclass whose fields an instance also holds, nil at Object or Any.
func superOf(u *stability.Universe, c *stability.Class) *stability.Class {
	sup := c.Ensure().SuperName
	switch sup {
	case "", "java/lang/Object", "java/lang/Record", "java/lang/Enum":
		return nil
	}
	return u.ClassByJVMName(sup)
}
