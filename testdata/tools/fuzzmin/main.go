// Command fuzzmin replaces one fuzz target's grown corpus by a coverage-minimised seed set.
// It is run by ./run (see there); by hand:
//
//	go run ./testdata/tools/fuzzmin -pkg ./classfile -target FuzzParse [-rev REV] [-n]
//
// Steps: build the package's test binary with -cover -covermode=set and -coverpkg set to every
// package of the module; run it once per file of <pkg>/testdata/fuzz/<target>
// (-test.run '^<target>$/^<file>$' -test.gocoverdir=DIR); read each run's covered blocks with
// `go tool covdata textfmt`; keep the files that must stay (below), then add, greedily, the file
// that covers the most blocks not yet covered (ties: the smaller file, then the name) until the
// kept files cover every block any file covers; remove the other files from the folder.
//
// Files that always stay:
//   - names that are not 16 hex digits (hand-named seeds, hostile files);
//   - files not tracked by git (a local fuzz run writes its failures there);
//   - files first committed by a commit that commits.tsv marks "keep" (crashers and regression
//     inputs). The first commit of a file is the oldest commit that added a file of the same
//     name to a folder of the same target, so moves of testdata folders are looked through.
//     A commit commits.tsv does not list is judged by its subject: words such as fix, crash,
//     panic, hang, regression or bug keep its files, and a warning asks for a line in commits.tsv.
//
// Heavy work runs under nice -n 10, one input at a time. Scratch files live in a temporary
// folder outside the repository and are removed at the end.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
)

var (
	pkgFlag    = flag.String("pkg", "", "package folder, e.g. ./classfile")
	targetFlag = flag.String("target", "", "fuzz target, e.g. FuzzParse")
	revFlag    = flag.String("rev", "", "build and run the code of this git revision (a git archive in the scratch folder) instead of the work tree's; the corpus is still the work tree's")
	dryRun     = flag.Bool("n", false, "report what would be removed, remove nothing")
	keepWork   = flag.Bool("keep-work", false, "leave the scratch folder in place")
	timeout    = flag.Duration("timeout", 5*time.Minute, "limit for one input's run")
	verbose    = flag.Bool("v", false, "print every input's block count")
)

var fuzzerName = regexp.MustCompile(`^[0-9a-f]{16}$`)

// crashWords marks the subject of a commit not listed in commits.tsv as one that added crashers.
var crashWords = regexp.MustCompile(`(?i)\b(fix(e[sd]|ing)?|crash(er|ers|es|ed|ing)?|panic(s|ked|king)?|hang(s|ing)?|regressions?|bugs?)\b`)

func main() {
	flag.Parse()
	if *pkgFlag == "" || *targetFlag == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: fuzzmin -pkg ./PKG -target FuzzX [-rev REV] [-n] [-keep-work] [-v]")
		os.Exit(2)
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "fuzzmin:", err)
		os.Exit(1)
	}
}

type input struct {
	name   string
	size   int64
	blocks []int32
	keep   string // why it always stays, "" if it may go
	picked bool
}

func run() error {
	root, err := output("", "git", "rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	root = strings.TrimSpace(root)
	pkg := "./" + strings.Trim(filepath.ToSlash(filepath.Clean(*pkgFlag)), "/")
	target := *targetFlag
	corpusRel := filepath.Join(pkg, "testdata", "fuzz", target)
	corpus := filepath.Join(root, corpusRel)

	work, err := os.MkdirTemp("", "fuzzmin-")
	if err != nil {
		return err
	}
	if *keepWork {
		fmt.Println("scratch folder:", work)
	} else {
		defer os.RemoveAll(work)
	}

	inputs, err := readCorpus(corpus)
	if err != nil {
		return err
	}
	if len(inputs) == 0 {
		return fmt.Errorf("%s: no corpus files", corpusRel)
	}
	fmt.Printf("%s %s: %d files\n", pkg, target, len(inputs))

	if err := markKept(root, corpusRel, target, inputs); err != nil {
		return err
	}

	// The code to measure: the work tree, or a revision's with the work tree's corpus folder.
	src := root
	if *revFlag != "" {
		rev, err := output(root, "git", "rev-parse", "--verify", "--short", *revFlag+"^{commit}")
		if err != nil {
			return err
		}
		rev = strings.TrimSpace(rev)
		src = filepath.Join(work, "src")
		if err := snapshot(root, rev, src); err != nil {
			return err
		}
		if err := os.RemoveAll(filepath.Join(src, corpusRel)); err != nil {
			return err
		}
		if err := os.CopyFS(filepath.Join(src, corpusRel), os.DirFS(corpus)); err != nil {
			return err
		}
		fmt.Printf("measuring the code of %s\n", rev)
	}

	pkgs, err := output(src, "go", "list", "./...")
	if err != nil {
		return err
	}
	coverpkg := strings.Join(strings.Fields(pkgs), ",")
	bin := filepath.Join(work, "fuzz.test")
	start := time.Now()
	if _, err := output(src, "nice", "-n", "10", "go", "test", "-c", "-cover", "-covermode=set",
		"-coverpkg="+coverpkg, "-o", bin, pkg); err != nil {
		return err
	}
	fmt.Printf("built the test binary in %.1fs\n", time.Since(start).Seconds())

	covdata := []string{"go", "tool", "covdata"}
	if p, err := output(src, "go", "tool", "-n", "covdata"); err == nil {
		if p = strings.TrimSpace(p); p != "" {
			if _, err := os.Stat(p); err == nil {
				covdata = []string{p}
			}
		}
	}

	// One run per input.
	ids := map[string]int32{}
	var stmts []int // statements of each block
	var totalStmts = map[string]int{}
	pkgDir := filepath.Join(src, pkg)
	start = time.Now()
	for i, in := range inputs {
		dir := filepath.Join(work, "cov")
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
		if err := os.Mkdir(dir, 0o755); err != nil {
			return err
		}
		pattern := "^" + target + "$/^" + regexp.QuoteMeta(in.name) + "$"
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		cmd := exec.CommandContext(ctx, "nice", "-n", "10", bin, "-test.run", pattern, "-test.v",
			"-test.count=1", "-test.gocoverdir="+dir)
		cmd.Dir = pkgDir
		out, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			return fmt.Errorf("%s/%s: %v\n%s", corpusRel, in.name, err, tail(out))
		}
		if n := bytes.Count(out, []byte("--- PASS: "+target+"/")); n != 1 {
			return fmt.Errorf("%s/%s: %d subtests passed, want 1\n%s", corpusRel, in.name, n, tail(out))
		}
		prof := filepath.Join(dir, "profile.txt")
		args := append(append([]string(nil), covdata[1:]...), "textfmt", "-i="+dir, "-o="+prof)
		if _, err := output(src, covdata[0], args...); err != nil {
			return err
		}
		covered, err := readProfile(prof, ids, &stmts, totalStmts)
		if err != nil {
			return err
		}
		in.blocks = covered
		if *verbose {
			fmt.Printf("  %s: %d blocks\n", in.name, len(covered))
		}
		if (i+1)%100 == 0 {
			fmt.Printf("  %d/%d inputs run (%.0fs)\n", i+1, len(inputs), time.Since(start).Seconds())
		}
	}
	os.RemoveAll(filepath.Join(work, "cov"))
	fmt.Printf("ran %d inputs in %.0fs\n", len(inputs), time.Since(start).Seconds())

	// Greedy set cover, seeded with the files that always stay.
	covered := make([]bool, len(ids))
	cover := func(in *input) {
		for _, b := range in.blocks {
			covered[b] = true
		}
	}
	all := make([]bool, len(ids))
	for _, in := range inputs {
		for _, b := range in.blocks {
			all[b] = true
		}
		if in.keep != "" {
			cover(in)
		}
	}
	gain := func(in *input) int {
		n := 0
		for _, b := range in.blocks {
			if !covered[b] {
				n++
			}
		}
		return n
	}
	picked := 0
	for {
		var best *input
		bestGain := 0
		for _, in := range inputs {
			if in.keep != "" || in.picked {
				continue
			}
			g := gain(in)
			if g > bestGain || g == bestGain && g > 0 && (in.size < best.size || in.size == best.size && in.name < best.name) {
				best, bestGain = in, g
			}
		}
		if best == nil {
			break
		}
		best.picked = true
		picked++
		cover(best)
	}

	// Coverage of the whole corpus and of the kept files, in blocks and statements.
	var allBlocks, keptBlocks, allStmts, keptStmts int
	for b := range all {
		if all[b] {
			allBlocks++
			allStmts += stmts[b]
		}
		if covered[b] {
			keptBlocks++
			keptStmts += stmts[b]
		}
	}
	if keptBlocks != allBlocks {
		return fmt.Errorf("internal error: kept files cover %d of %d blocks", keptBlocks, allBlocks)
	}
	total := 0
	for _, n := range totalStmts {
		total += n
	}

	forced := 0
	for _, in := range inputs {
		if in.keep != "" {
			forced++
		}
	}
	var removed []string
	for _, in := range inputs {
		if in.keep == "" && !in.picked {
			removed = append(removed, in.name)
		}
	}
	fmt.Printf("blocks covered: %d by all %d files, %d by the %d kept (%d always kept, %d by coverage); statements %d of %d (%.1f%% of the packages in the test binary)\n",
		allBlocks, len(inputs), keptBlocks, len(inputs)-len(removed), forced, picked,
		keptStmts, total, 100*float64(keptStmts)/float64(max(total, 1)))
	fmt.Printf("RESULT %s %s before=%d after=%d forced=%d picked=%d removed=%d\n",
		pkg, target, len(inputs), len(inputs)-len(removed), forced, picked, len(removed))
	if *dryRun {
		fmt.Printf("dry run: would remove %d files\n", len(removed))
		return nil
	}
	for _, name := range removed {
		if err := os.Remove(filepath.Join(corpus, name)); err != nil {
			return err
		}
	}
	fmt.Printf("removed %d files from %s\n", len(removed), corpusRel)
	return nil
}

// readCorpus lists the regular files of dir, by name.
func readCorpus(dir string) ([]*input, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var ins []*input
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			return nil, err
		}
		ins = append(ins, &input{name: e.Name(), size: fi.Size()})
	}
	sort.Slice(ins, func(i, j int) bool { return ins[i].name < ins[j].name })
	return ins, nil
}

type judgement struct{ verdict, note string }

// markKept sets keep on the inputs that always stay, and prints them with the reason.
func markKept(root, corpusRel, target string, inputs []*input) error {
	here := filepath.Join(root, "testdata", "tools", "fuzzmin")
	judged, err := readJudgements(filepath.Join(here, "commits.tsv"))
	if err != nil {
		return err
	}
	tracked := map[string]bool{}
	ls, err := output(root, "git", "ls-files", "-z", "--", corpusRel)
	if err != nil {
		return err
	}
	for _, p := range strings.Split(ls, "\x00") {
		if p != "" {
			tracked[filepath.Base(p)] = true
		}
	}
	// Every commit that added a corpus file anywhere, newest first, without rename detection:
	// the last one seen for (target, name) is the file's first commit.
	log, err := output(root, "git", "log", "--no-renames", "--diff-filter=A", "--name-only",
		"--format=@@%h%x09%s", "--", "*/testdata/fuzz/*")
	if err != nil {
		return err
	}
	first := map[string]string{} // base name → short hash, for this target's folders
	subject := map[string]string{}
	var cur string
	for _, line := range strings.Split(log, "\n") {
		if rest, ok := strings.CutPrefix(line, "@@"); ok {
			h, s, _ := strings.Cut(rest, "\t")
			cur, subject[h] = h, s
			continue
		}
		if line == "" || !strings.Contains(line, "/testdata/fuzz/") {
			continue
		}
		if filepath.Base(filepath.Dir(line)) != target {
			continue
		}
		first[filepath.Base(line)] = cur
	}
	unjudged := map[string]int{}
	for _, in := range inputs {
		switch {
		case !fuzzerName.MatchString(in.name):
			in.keep = "hand-named"
		case !tracked[in.name]:
			in.keep = "not tracked by git"
		default:
			h := first[in.name]
			if h == "" {
				in.keep = "no commit adds it"
				break
			}
			if j, ok := lookup(judged, h); ok {
				if j.verdict == "keep" {
					in.keep = "commit " + h + " (" + j.note + "): " + subject[h]
				}
				break
			}
			if crashWords.MatchString(subject[h]) {
				in.keep = "commit " + h + " (subject, not judged in commits.tsv): " + subject[h]
				unjudged[h]++
			}
		}
	}
	for h, n := range unjudged {
		fmt.Printf("warning: commit %s added %d kept files and is not in commits.tsv: %s\n", h, n, subject[h])
	}
	for _, in := range inputs {
		if in.keep != "" {
			fmt.Printf("  keep %s: %s\n", in.name, short(in.keep, 200))
		}
	}
	return nil
}

// readJudgements reads commits.tsv: HASH<TAB>keep|grown<TAB>note, # comments.
func readJudgements(path string) (map[string]judgement, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[string]judgement{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) < 2 || parts[1] != "keep" && parts[1] != "grown" {
			return nil, fmt.Errorf("%s:%d: want HASH<TAB>keep|grown<TAB>note", path, n)
		}
		note := ""
		if len(parts) == 3 {
			note = parts[2]
		}
		m[parts[0]] = judgement{parts[1], note}
	}
	return m, sc.Err()
}

// lookup finds a commit by any prefix relation of the two abbreviations.
func lookup(m map[string]judgement, h string) (judgement, bool) {
	for k, j := range m {
		if strings.HasPrefix(k, h) || strings.HasPrefix(h, k) {
			return j, true
		}
	}
	return judgement{}, false
}

// readProfile returns the ids of the blocks a textfmt profile counts as covered, adding new
// blocks to ids and their statement counts to stmts and totalStmts.
func readProfile(path string, ids map[string]int32, stmts *[]int, totalStmts map[string]int) ([]int32, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var covered []int32
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "mode:") {
			continue
		}
		// file:l.c,l.c NUMSTMT COUNT
		i := strings.LastIndexByte(line, ' ')
		j := strings.LastIndexByte(line[:max(i, 0)], ' ')
		if i < 0 || j < 0 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		key := line[:j]
		id, ok := ids[key]
		if !ok {
			n, err := strconv.Atoi(line[j+1 : i])
			if err != nil {
				return nil, fmt.Errorf("%s: bad line %q", path, line)
			}
			id = int32(len(ids))
			ids[key] = id
			*stmts = append(*stmts, n)
			totalStmts[key] = n
		}
		if line[i+1:] != "0" {
			covered = append(covered, id)
		}
	}
	return covered, nil
}

// snapshot writes the tree of rev into dir.
func snapshot(root, rev, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	archive := exec.Command("git", "archive", rev)
	archive.Dir = root
	untar := exec.Command("tar", "-x", "-C", dir)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return err
	}
	untar.Stdin = pipe
	var stderr bytes.Buffer
	archive.Stderr, untar.Stderr = &stderr, &stderr
	if err := untar.Start(); err != nil {
		return err
	}
	if err := archive.Run(); err != nil {
		return fmt.Errorf("git archive %s: %v %s", rev, err, stderr.String())
	}
	if err := untar.Wait(); err != nil {
		return fmt.Errorf("tar: %v %s", err, stderr.String())
	}
	return nil
}

// output runs a command in dir and returns its standard output.
func output(dir, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return "", fmt.Errorf("%s %s: %v\n%s", name, short(strings.Join(args, " "), 300), err, tail(stderr.Bytes()))
		}
		return "", err
	}
	return stdout.String(), nil
}

func tail(b []byte) string {
	const n = 3000
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

func short(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
