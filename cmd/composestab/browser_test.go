package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/composestab/composestab/internal/fixtures"
)

// chromium finds headless Chromium. The browser tests are long ones; without Chromium they skip,
// except where oracles are required (CI, whose .ci/run installs Debian's chromium).
func chromium(t *testing.T) string {
	t.Helper()
	fixtures.SkipUnlessLong(t, "the page in headless Chromium")
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	fixtures.NoOracle(t, "no chromium on PATH (apt-get install chromium)")
	return ""
}

// headless runs Chromium on a page with the flags this machine's closed network needs, and
// returns what it printed: --dump-dom's DOM after the page's script ran, or nothing for a
// screenshot.
func headless(t *testing.T, browser string, args ...string) string {
	t.Helper()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.Command(browser, append(base, args...)...)
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.Output(); close(done) }()
	select {
	case <-done:
	case <-time.After(90 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("chromium %v: no answer in 90 s", args)
	}
	if err != nil {
		t.Fatalf("chromium %v: %v", args, err)
	}
	return string(out)
}

var sectionShown = regexp.MustCompile(`<section id="([a-z-]+)" data-shown="(\d+)"`)

// shown reads, from a dumped DOM, how many rows each section's table shows.
func shown(dom string) map[string]int {
	out := map[string]int{}
	for _, m := range sectionShown.FindAllStringSubmatch(dom, -1) {
		n, _ := strconv.Atoi(m[2])
		out[m[1]] = n
	}
	return out
}

// hostileHTMLName is a class whose name is markup: it must show as text and never run.
const hostileHTMLName = `evil/X<img src=x onerror="document.title='pwned'">"'&amp;<b>`

// TestHTMLInBrowser loads the audit page of a fixture app (classes, composables and call sites)
// beside a class whose name is markup, in headless Chromium: the tables render, filtering by
// verdict and searching by name show exactly the rows the JSON report says, and the hostile
// name is shown as text. With COMPOSESTAB_SCREENSHOT=FILE it also saves a screenshot there.
func TestHTMLInBrowser(t *testing.T) {
	browser := chromium(t)
	dir := t.TempDir()
	evil := filepath.Join(dir, "evil.jar")
	writeZip(t, evil, hostileEntry{hostileHTMLName + ".class", javaClass(hostileHTMLName, "f", "java/lang/Object")})
	m, err := fixtures.Get("cchurn")
	if err != nil {
		t.Fatal(err)
	}
	cp := strings.Join(m.Classpath(), string(os.PathListSeparator))
	args := []string{"audit", "--call-sites", "--include-nonpublic", "--classpath", cp, m.Jar(), fixtureJar(t, "capp"), evil}
	code, page, stderr := runCLI(t, append(args, "--format", "html")...)
	if code != exitOK {
		t.Fatalf("audit --format html: exit %d: %s", code, stderr)
	}
	// A parameter's type links to the row of the class that decides it.
	if !strings.Contains(page, `<a href="#class-capp.LocalVal">s: LocalVal equals</a>`) || !strings.Contains(page, `<tr id="class-capp.LocalVal"`) {
		t.Errorf("ShowLocals's parameter s does not link to the row of capp.LocalVal")
	}
	if strings.Contains(page, "<img") || strings.Contains(page, "http://") || strings.Contains(page, "https://") {
		t.Errorf("the page holds raw markup from a name, or a link to the network")
	}
	file := filepath.Join(dir, "page.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	_, js, _ := runCLI(t, append(args, "--format", "json")...)
	var rep struct {
		Classes []struct {
			Name    string `json:"name"`
			Verdict string `json:"verdict"`
		} `json:"classes"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	count := func(f func(name, verdict string) bool) int {
		n := 0
		for _, c := range rep.Classes {
			if f(c.Name, c.Verdict) {
				n++
			}
		}
		return n
	}
	url := "file://" + file
	for _, tc := range []struct {
		fragment string
		want     int
	}{
		{"", len(rep.Classes)},
		{"#kind=unstable", count(func(_, v string) bool { return v == "unstable" })},
		{"#kind=stable", count(func(_, v string) bool { return v == "stable" })},
		{"#q=localvar", count(func(n, _ string) bool { return strings.Contains(strings.ToLower(n), "localvar") })},
		{"#q=probe&kind=stable", count(func(n, v string) bool { return strings.Contains(strings.ToLower(n), "probe") && v == "stable" })},
	} {
		dom := headless(t, browser, "--dump-dom", url+tc.fragment)
		got := shown(dom)
		if got["classes"] != tc.want || tc.want == 0 && tc.fragment != "" {
			t.Errorf("%q: the classes table shows %d rows, the report has %d", tc.fragment, got["classes"], tc.want)
		}
		if tc.fragment == "" {
			if !strings.Contains(dom, "<title>Compose stability") {
				t.Errorf("the page's title changed: the hostile name ran")
			}
			if strings.Contains(dom, "<img") {
				t.Errorf("the hostile name became an element")
			}
			if !strings.Contains(dom, `evil.X&lt;img src=x onerror="document.title='pwned'"&gt;"'&amp;amp;&lt;b&gt;`) {
				t.Errorf("the hostile name is not shown as text")
			}
			if got["composables"] == 0 || got["call-sites"] == 0 || got["fix-first"] == 0 {
				t.Errorf("the composables, call-sites or fix-first table is empty: %v", got)
			}
			if i, j := strings.Index(dom, `id="fix-first"`), strings.Index(dom, `id="classes"`); i < 0 || j < i {
				t.Errorf("the page does not open with Fix first")
			}
		}
	}
	if shot := os.Getenv("COMPOSESTAB_SCREENSHOT"); shot != "" {
		abs, err := filepath.Abs(shot)
		if err != nil {
			t.Fatal(err)
		}
		headless(t, browser, "--window-size=1280,1000", "--screenshot="+abs, url)
		if st, err := os.Stat(abs); err != nil || st.Size() < 10000 {
			t.Errorf("screenshot %s: %v", abs, err)
		}
	}
}

// TestCheckHTMLInBrowser: the page of a composable check (capp dumped against clibv1, checked
// against clibv2) lists regressions first, and filtering by kind shows as many regressions and
// improvements as the JSON says.
func TestCheckHTMLInBrowser(t *testing.T) {
	browser := chromium(t)
	m, err := fixtures.Get("capp")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	v1 := strings.Join(m.Classpath(), string(os.PathListSeparator))
	v2 := strings.ReplaceAll(v1, "clibv1", "clibv2")
	_, base, _ := runCLI(t, "dump", "--composables", "--classpath", v1, m.Jar())
	file := filepath.Join(dir, "capp.stab")
	if err := os.WriteFile(file, []byte(base), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"check", "--baseline", file, "--classpath", v2, m.Jar()}
	code, page, _ := runCLI(t, append(args, "--format", "html")...)
	if code != exitFindings {
		t.Fatalf("check --format html: exit %d", code)
	}
	section := page[strings.Index(page, `id="composable-changes"`):]
	if r, i := strings.Index(section, `data-kind="regression"`), strings.Index(section, `data-kind="improvement"`); r < 0 || i < 0 || r > i {
		t.Errorf("regressions do not come first")
	}
	_, js, _ := runCLI(t, append(args, "--format", "json")...)
	var rep struct {
		Composables []struct{ Kind string } `json:"composables"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	for _, c := range rep.Composables {
		want[c.Kind]++
	}
	html := filepath.Join(dir, "check.html")
	if err := os.WriteFile(html, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"regression", "improvement"} {
		got := shown(headless(t, browser, "--dump-dom", "file://"+html+"#kind="+kind))
		if got["composable-changes"] != want[kind] || want[kind] == 0 {
			t.Errorf("#kind=%s: %d composable changes shown, the JSON has %d", kind, got["composable-changes"], want[kind])
		}
	}
}
