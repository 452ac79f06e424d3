package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/diff"
	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/maven/maventest"
	"github.com/composestab/composestab/stability"
)

// release is the supported release of that name.
func release(t testing.TB, name string) stability.Release {
	t.Helper()
	r, ok := stability.ParseRelease(name)
	if !ok {
		t.Fatalf("release %q is not supported", name)
	}
	return r
}

// testdata is the checkout's testdata folder: the root of the servers below.
func testdata(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// connect serves s to an in-process client (with roots, if any) and returns the client's session.
func connect(t testing.TB, s *Server, roots ...string) *sdk.ClientSession {
	t.Helper()
	return connectVersion(t, s, "", roots...)
}

// connectVersion is connect with a client that asks for a protocol version ("" for the newest).
func connectVersion(t testing.TB, s *Server, version string, roots ...string) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	var copts *sdk.ClientOptions
	if len(roots) == 0 {
		copts = &sdk.ClientOptions{Capabilities: &sdk.ClientCapabilities{}} // no roots capability
	}
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, copts)
	for _, r := range roots {
		//lint:ignore SA1019 the server honours the roots a client offers, deprecated or not
		c.AddRoots(&sdk.Root{URI: "file://" + filepath.ToSlash(r)})
	}
	st, ct := sdk.NewInMemoryTransports()
	ss, err := s.SDK().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := c.Connect(ctx, ct, &sdk.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

func newServer(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// call calls a tool and decodes its structured output into out (when not nil); it fails the
// test on a protocol error, and returns the tool error's text ("" for none).
func call(t testing.TB, cs *sdk.ClientSession, name string, args map[string]any, out any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	if res.IsError {
		return text(res)
	}
	if out != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, b)
		}
	}
	return ""
}

func text(res *sdk.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

var (
	stub   = "golden/runtime-stub.jar"
	lib1   = "golden/lib1/lib1.jar"
	lib2   = "golden/lib2/lib2.jar"
	toolNS = []string{"audit", "check_config", "composables", "diff", "explain", "plan"}
)

// TestTools: the six tools are listed, each with an input schema of type object and an output
// schema, and a description a model can choose by.
func TestTools(t *testing.T) {
	cs := connect(t, newServer(t, Options{Roots: []string{testdata(t)}}))
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		// Clients (the TypeScript SDK's among them) insist on an object, never a nullable one.
		b, _ := json.Marshal(tool.OutputSchema)
		var schema struct{ Type any }
		if err := json.Unmarshal(b, &schema); err != nil || schema.Type != "object" {
			t.Errorf("%s: output schema of type %v", tool.Name, schema.Type)
		}
		if tool.OutputSchema == nil || len(tool.Description) < 200 || tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s: output schema %v, description %q, annotations %+v", tool.Name, tool.OutputSchema != nil, tool.Description, tool.Annotations)
		}
	}
	slices.Sort(names)
	if !slices.Equal(names, toolNS) {
		t.Errorf("tools %v, want %v", names, toolNS)
	}
}

// TestExplain: a type from the fixture jars, and a function type that needs no classpath.
func TestExplain(t *testing.T) {
	cs := connect(t, newServer(t, Options{Roots: []string{testdata(t)}}))
	var x struct {
		SchemaVersion int
		Verdict       string
		Expression    string
		Value         *int
		Reasons       []string
		Values        []string
	}
	if msg := call(t, cs, "explain", map[string]any{"type": "lib1.LBox<lib1.LStable>", "classpath": []string{lib1, stub}}, &x); msg != "" {
		t.Fatal(msg)
	}
	if x.SchemaVersion != 1 || x.Verdict == "" || x.Expression == "" || len(x.Reasons) == 0 || len(x.Values) == 0 {
		t.Errorf("explain: %+v", x)
	}
	// The text a model reads is the same JSON, written as the command line writes it.
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "explain", Arguments: map[string]any{"type": "lib1.LBox<lib1.LStable>", "classpath": []string{lib1, stub}}})
	if err != nil {
		t.Fatal(err)
	}
	if txt := text(res); !strings.HasPrefix(txt, `{"schemaVersion":1,"type":"LBox<LStable>",`) {
		t.Errorf("text content: %.200s", txt)
	}
	if msg := call(t, cs, "explain", map[string]any{"type": "@Composable () -> Unit"}, &x); msg != "" || x.Verdict != "stable" {
		t.Errorf("explain of a composable lambda: %q %+v", msg, x)
	}
}

type auditPage struct {
	SchemaVersion int
	Summary       struct{ Classes, Entries int }
	Classes       []struct{ Name, Verdict, Input string }
	Page          Page
}

// TestAuditPages: every class of the two sample libraries comes exactly once over the pages,
// in the command's order, and the filters apply before paging.
func TestAuditPages(t *testing.T) {
	td := testdata(t)
	cs := connect(t, newServer(t, Options{Roots: []string{td}}))
	args := map[string]any{"paths": []string{lib1, lib2}, "classpath": []string{stub}, "limit": 10}
	var names []string
	pages := 0
	for {
		var p auditPage
		if msg := call(t, cs, "audit", args, &p); msg != "" {
			t.Fatal(msg)
		}
		pages++
		if p.Summary.Classes != 36 || p.Page.Total != 36 || p.Page.Offset != len(names) || p.Page.Returned != len(p.Classes) {
			t.Fatalf("page %d: summary %+v, page %+v", pages, p.Summary, p.Page)
		}
		for _, c := range p.Classes {
			names = append(names, c.Name)
		}
		if p.Page.NextCursor == "" {
			break
		}
		args["cursor"] = p.Page.NextCursor
	}
	rep, err := scan.Scan(context.Background(), scan.Options{Inputs: []string{filepath.Join(td, lib1), filepath.Join(td, lib2)}, Classpath: []string{filepath.Join(td, stub)}})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, c := range rep.Classes {
		want = append(want, c.Name)
	}
	if pages != 4 || !slices.Equal(names, want) {
		t.Errorf("%d pages:\n%v\nwant\n%v", pages, names, want)
	}
	var p auditPage
	if msg := call(t, cs, "audit", map[string]any{"paths": []string{lib1, lib2}, "classpath": []string{stub}, "only": "unstable", "limit": 200}, &p); msg != "" {
		t.Fatal(msg)
	}
	if len(p.Classes) != 10 || p.Page.NextCursor != "" {
		t.Errorf("only unstable: %d classes, %+v", len(p.Classes), p.Page)
	}
	for _, c := range p.Classes {
		if c.Verdict != "unstable" {
			t.Errorf("only unstable: %+v", c)
		}
	}
	// A cursor is for the call that gave it.
	args["only"] = "stable"
	if msg := call(t, cs, "audit", args, nil); !strings.Contains(msg, "other arguments") {
		t.Errorf("a cursor with other arguments: %q", msg)
	}
}

// TestComposables: one composable by name, with its parameters and how each is compared, and
// the calls that reach it.
func TestComposables(t *testing.T) {
	cs := connect(t, newServer(t, Options{Roots: []string{testdata(t)}}))
	var out struct {
		Composables []struct {
			Input       string
			Composables []struct {
				Name, Skips string
				Params      []struct{ Name, Compare string }
			}
			CallSites []struct{ CallerName, CalleeName string }
		}
		Page Page
		Note string
	}
	args := map[string]any{"paths": []string{"golden/capp/capp.jar"}, "classpath": []string{"golden/clibv1/clibv1.jar", "golden/cplain/cplain.jar", stub},
		"name": "capp.ShowCounter", "callSites": true}
	if msg := call(t, cs, "composables", args, &out); msg != "" {
		t.Fatal(msg)
	}
	if out.Page.Total != 1 || len(out.Composables) != 1 || len(out.Composables[0].Composables) != 1 {
		t.Fatalf("%+v", out)
	}
	c := out.Composables[0].Composables[0]
	if c.Name != "capp.ShowCounter" || len(c.Params) != 1 || c.Params[0].Compare != "identity" {
		t.Errorf("capp.ShowCounter: %+v", c)
	}
	if !slices.ContainsFunc(out.Composables[0].CallSites, func(s struct{ CallerName, CalleeName string }) bool {
		return s.CallerName == "capp.Call_ShowCounter" && s.CalleeName == "capp.ShowCounter"
	}) {
		t.Errorf("call sites of capp.ShowCounter: %+v", out.Composables[0].CallSites)
	}
	args["name"] = "capp.NoSuchThing"
	if msg := call(t, cs, "composables", args, &out); msg != "" || out.Page.Total != 0 || !strings.Contains(out.Note, "no composable matches") {
		t.Errorf("no match: %q %+v", msg, out)
	}
}

// TestCheckConfig: the cfgapp configuration's false line, its unused one, and the merged file.
func TestCheckConfig(t *testing.T) {
	cs := connect(t, newServer(t, Options{Roots: []string{testdata(t)}}))
	var out struct {
		Violations []struct {
			Class, Rule string
			Line        int
		}
		Lines  []ConfigLine
		Merged string
	}
	if msg := call(t, cs, "check_config", map[string]any{"configs": []string{"src/cfgapp/stability.conf"}, "paths": []string{"golden/cfgapp/cfgapp.jar"},
		"classpath": []string{"golden/cfgdomain/cfgdomain.jar", "golden/javalib/javalib.jar", stub}}, &out); msg != "" {
		t.Fatal(msg)
	}
	find := func(rule, class string, line int) bool {
		return slices.ContainsFunc(out.Violations, func(v struct {
			Class, Rule string
			Line        int
		}) bool {
			return v.Rule == rule && v.Class == class && v.Line == line
		})
	}
	conf, err := os.ReadFile(filepath.Join(testdata(t), "src", "cfgapp", "stability.conf"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(conf), "\n")
	lineOf := func(pattern string) int { return slices.Index(lines, pattern) + 1 }
	if !find("config-false", "cfgdomain.Counter", lineOf("cfgdomain.Counter")) || !find("config-unused", "cfgdomain.Mony", lineOf("cfgdomain.Mony")) {
		t.Errorf("violations: %+v", out.Violations)
	}
	if len(out.Lines) < 20 || !strings.Contains(out.Merged, "cfgdomain.Money") || !strings.Contains(out.Merged, "// cfgdomain.Counter") {
		t.Errorf("%d lines; merged:\n%s", len(out.Lines), out.Merged)
	}
}

// TestDiff: a dependency bump under an unchanged library, and a Kotlin upgrade's what-if.
func TestDiff(t *testing.T) {
	cs := connect(t, newServer(t, Options{Roots: []string{testdata(t)}}))
	type change struct {
		Class, Kind string
		Causes      []struct{ Kind, Rule string }
	}
	var out struct {
		Changes []change
		Counts  map[string]int
		Page    Page
	}
	lib := "golden/libv1/libv1.jar"
	if msg := call(t, cs, "diff", map[string]any{"old": []string{lib}, "new": []string{lib}, "oldClasspath": []string{"golden/depv1/depv1.jar", stub},
		"newClasspath": []string{"golden/depv2/depv2.jar", stub}, "kind": "regression", "limit": 200}, &out); msg != "" {
		t.Fatal(msg)
	}
	if out.Counts["regression"] == 0 || len(out.Changes) != out.Counts["regression"] {
		t.Fatalf("dependency bump: %+v", out)
	}
	for _, c := range out.Changes {
		if c.Kind != "regression" || len(c.Causes) == 0 {
			t.Errorf("%+v", c)
		}
	}
	// The what-if answers what the library's CompilerWhatIf answers, with the compiler rules as
	// causes.
	td, v := testdata(t), "golden/compilers/2.0.20/"
	if msg := call(t, cs, "diff", map[string]any{"paths": []string{v + "appconsumer/appconsumer.jar"}, "classpath": []string{v + "producers/producers.jar", v + "pdep/pdep.jar", stub},
		"oldCompiler": "2.0.20", "newCompiler": "2.4.20", "limit": 200}, &out); msg != "" {
		t.Fatal(msg)
	}
	want, err := diff.CompilerWhatIf(context.Background(), scan.Options{Inputs: []string{filepath.Join(td, v, "appconsumer/appconsumer.jar")},
		Classpath: []string{filepath.Join(td, v, "producers/producers.jar"), filepath.Join(td, v, "pdep/pdep.jar"), filepath.Join(td, stub)}},
		diff.WhatIf{Old: release(t, "2.0.20"), New: release(t, "2.4.20")})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Changes) != len(want.Changes) || slices.ContainsFunc(out.Changes, func(c change) bool {
		return len(c.Causes) == 0 || c.Causes[0].Kind != "compiler" || c.Causes[0].Rule == ""
	}) {
		t.Errorf("what-if: %+v, want %d changes", out.Changes, len(want.Changes))
	}
}

// TestBadInput: every malformed call is a tool error saying what is wrong, never a crash nor a
// protocol error, and the server answers the next call.
func TestBadInput(t *testing.T) {
	cs := connect(t, newServer(t, Options{Roots: []string{testdata(t)}}))
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"explain", map[string]any{}, "type"},
		{"explain", map[string]any{"type": ""}, "type"},
		{"explain", map[string]any{"type": "Box<<"}, "Box"},
		{"explain", map[string]any{"type": "kotlin.collections.List<String, Int>"}, "argument"},
		{"explain", map[string]any{"type": "Int", "compiler": "9.9"}, "9.9"},
		{"explain", map[string]any{"type": "Int", "typo": true}, "typo"},
		{"explain", map[string]any{"type": 42}, "type"},
		{"audit", map[string]any{}, "paths"},
		{"audit", map[string]any{"paths": []string{}}, "paths"},
		{"audit", map[string]any{"paths": "golden/lib1/lib1.jar"}, "paths"},
		{"audit", map[string]any{"paths": []string{lib1}, "only": "sorta"}, "only"},
		{"audit", map[string]any{"paths": []string{lib1}, "limit": 1000}, "limit"},
		{"audit", map[string]any{"paths": []string{lib1}, "package": "a..b"}, "a..b"},
		{"audit", map[string]any{"paths": []string{lib1}, "cursor": "!!"}, "cursor"},
		{"audit", map[string]any{"paths": []string{"golden/nothing-here.jar"}}, "no such file"},
		{"audit", map[string]any{"paths": []string{"golden/lib1/lib1.jar\x00"}}, "not a path"},
		{"audit", map[string]any{"paths": []string{lib1}, "configs": []string{"golden/lib1"}}, "lib1"},
		{"audit", map[string]any{"paths": []string{"com.example:lib1:1.0"}}, "--repo"},
		{"composables", map[string]any{"paths": []string{lib1}, "name": "a b"}, "a b"},
		{"check_config", map[string]any{"paths": []string{lib1}}, "configs"},
		{"diff", map[string]any{"old": []string{lib1}}, "old and new"},
		{"diff", map[string]any{"paths": []string{lib1}, "oldCompiler": "2.0.20"}, "newCompiler"},
		{"diff", map[string]any{"paths": []string{lib1}, "oldCompiler": "2.0.20", "newCompiler": "auto"}, "auto"},
		{"diff", map[string]any{"old": []string{lib1}, "new": []string{lib2}, "kind": "worse"}, "kind"},
	} {
		msg := call(t, cs, c.tool, c.args, nil)
		if msg == "" || !strings.Contains(msg, c.want) {
			t.Errorf("%s %v: %q, want an error naming %q", c.tool, c.args, msg, c.want)
		}
	}
	if _, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "nope"}); err == nil {
		t.Error("an unknown tool: no error")
	}
	if msg := call(t, cs, "explain", map[string]any{"type": "Int"}, nil); msg != "" {
		t.Errorf("after the bad calls: %s", msg)
	}
}

// TestPathEscapes: no path outside the roots is read, however it is spelled: a relative path up
// and out, an absolute one, a link in the root to a jar or a folder outside, a link deep in a
// folder (or in a folder a link leads to), a configuration file; a link that stays inside is
// followed.
func TestPathEscapes(t *testing.T) {
	base := t.TempDir()
	rootDir, outside := filepath.Join(base, "root"), filepath.Join(base, "outside")
	for _, d := range []string{rootDir, outside, filepath.Join(rootDir, "libs", "deep"), filepath.Join(rootDir, "other")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	jar, err := os.ReadFile(filepath.Join(testdata(t), lib1))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(outside, "secret.jar"), filepath.Join(rootDir, "libs", "lib1.jar"), filepath.Join(outside, "stability.conf")} {
		if err := os.WriteFile(p, jar, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(rootDir, name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	link(filepath.Join(outside, "secret.jar"), "secret.jar")                    // a file outside
	link(outside, "out")                                                        // a folder outside
	link(filepath.Join(outside, "secret.jar"), filepath.Join("other", "x.jar")) // deep in a folder
	link(filepath.Join(rootDir, "other"), filepath.Join("libs", "deep", "o"))   // inside, to a folder with a link out
	link(filepath.Join(rootDir, "libs", "lib1.jar"), "inside.jar")              // inside: fine
	link(filepath.Join(outside, "stability.conf"), "stability.conf")

	cs := connect(t, newServer(t, Options{Roots: []string{rootDir}}))
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"paths": []string{"../outside/secret.jar"}}, "outside the server's roots"},
		{map[string]any{"paths": []string{filepath.Join(outside, "secret.jar")}}, "outside the server's roots"},
		{map[string]any{"paths": []string{rootDir + "/../outside"}}, "outside the server's roots"},
		{map[string]any{"paths": []string{"secret.jar"}}, "through a symbolic link"},
		{map[string]any{"paths": []string{"out"}}, "through a symbolic link"},
		{map[string]any{"paths": []string{"out/secret.jar"}}, "through a symbolic link"},
		{map[string]any{"paths": []string{"out/no-such.jar"}}, "through a symbolic link"}, // not "no such file": nothing is said about outside
		{map[string]any{"paths": []string{"other"}}, "symbolic link x.jar leads outside"},
		{map[string]any{"paths": []string{"."}}, "leads outside"},
		{map[string]any{"paths": []string{"libs"}}, "symbolic link deep/o/x.jar leads outside"}, // through an inside link
		{map[string]any{"paths": []string{"inside.jar"}, "classpath": []string{"out"}}, "classpath: out"},
		{map[string]any{"paths": []string{"inside.jar"}, "configs": []string{"stability.conf"}}, "configs: stability.conf"},
	} {
		if msg := call(t, cs, "audit", c.args, nil); !strings.Contains(msg, c.want) {
			t.Errorf("%v: %q, want %q", c.args, msg, c.want)
		}
	}
	var p auditPage
	if msg := call(t, cs, "audit", map[string]any{"paths": []string{"inside.jar"}}, &p); msg != "" || p.Summary.Classes == 0 {
		t.Errorf("a link inside the root: %q %+v", msg, p.Summary)
	}
	if msg := call(t, cs, "explain", map[string]any{"type": "lib1.LData", "classpath": []string{"secret.jar"}}, nil); !strings.Contains(msg, "through a symbolic link") {
		t.Errorf("explain's classpath: %q", msg)
	}

	// Checking a folder's links counts against --max-entries.
	small := connect(t, newServer(t, Options{Roots: []string{rootDir}, Limits: archive.Limits{MaxEntries: 2}}))
	if msg := call(t, small, "audit", map[string]any{"paths": []string{"libs"}}, nil); !strings.Contains(msg, "more than 2 files and folders") {
		t.Errorf("--max-entries: %q", msg)
	}

	// Without any root, every path is refused.
	none := connect(t, newServer(t, Options{ClientRoots: true}))
	if msg := call(t, none, "audit", map[string]any{"paths": []string{filepath.Join(rootDir, "inside.jar")}}, nil); !strings.Contains(msg, "no roots") {
		t.Errorf("no roots: %q", msg)
	}
}

// TestCoordinates: a coordinate is looked up in the repositories the server was given, its
// artefact read there, outside the roots, and its dependencies put on the classpath; what no
// repository holds is an error of the answer.
func TestCoordinates(t *testing.T) {
	r, err := maventest.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, newServer(t, Options{Roots: []string{testdata(t)}, Repos: []string{r.Maven, r.GradleHome}}))
	var out struct {
		Summary struct{ Classes int }
		Inputs  []string
		Errors  []struct{ Kind, Input, Message string }
	}
	if msg := call(t, cs, "audit", map[string]any{"paths": []string{"com.example:libv:1.0"}}, &out); msg != "" {
		t.Fatal(msg)
	}
	if len(out.Inputs) != 1 || !strings.HasSuffix(out.Inputs[0], "libv-1.0.jar") || out.Summary.Classes == 0 || len(out.Errors) != 0 {
		t.Errorf("com.example:libv:1.0: %+v", out)
	}
	if msg := call(t, cs, "audit", map[string]any{"paths": []string{"com.example:lib1:1.1"}}, &out); msg != "" {
		t.Fatal(msg)
	}
	if len(out.Errors) != 1 || !strings.Contains(out.Errors[0].Input, "com.example:absent:1.2") {
		t.Errorf("a dependency no repository holds: %+v", out.Errors)
	}
	if msg := call(t, cs, "audit", map[string]any{"paths": []string{"com.example:nothere:1.0"}}, nil); !strings.Contains(msg, "com.example:nothere:1.0") {
		t.Errorf("a coordinate no repository holds: %q", msg)
	}
}

// TestClientRoots: the client's roots count where the server asks for them, and only there, on
// the newest protocol (a multi round-trip request) and older ones (roots/list).
func TestClientRoots(t *testing.T) {
	golden := filepath.Join(testdata(t), "golden")
	args := map[string]any{"paths": []string{filepath.Join(golden, "lib1", "lib1.jar")}}
	for _, v := range []string{"", "2025-11-25", "2025-06-18"} {
		if msg := call(t, connectVersion(t, newServer(t, Options{ClientRoots: true}), v, golden), "audit", args, nil); msg != "" {
			t.Errorf("%s: under the client's root: %s", v, msg)
		}
		if msg := call(t, connectVersion(t, newServer(t, Options{ClientRoots: true}), v, filepath.Join(golden, "lib2")), "audit", args, nil); !strings.Contains(msg, "outside") {
			t.Errorf("%s: outside the client's root: %q", v, msg)
		}
		if msg := call(t, connectVersion(t, newServer(t, Options{ClientRoots: false}), v, golden), "audit", args, nil); !strings.Contains(msg, "no roots") {
			t.Errorf("%s: client roots not asked for: %q", v, msg)
		}
	}
}

// TestCancelAndDeadline: a call the client cancels, one that outlives --timeout and one that
// panics end as such, and release their slot: the next call is answered.
func TestCancelAndDeadline(t *testing.T) {
	s := newServer(t, Options{Roots: []string{testdata(t)}, Timeout: 300 * time.Millisecond, MaxConcurrent: 1})
	var mu sync.Mutex
	var seen []error
	entered := make(chan struct{}, 1)
	s.hook = func(ctx context.Context, tool string) {
		switch tool {
		case "audit":
			entered <- struct{}{}
			<-ctx.Done()
			mu.Lock()
			seen = append(seen, ctx.Err())
			mu.Unlock()
		case "composables":
			panic("boom")
		}
	}
	cs := connect(t, s)
	args := map[string]any{"paths": []string{lib1}}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() {
		_, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "audit", Arguments: args})
		done <- err
	}()
	<-entered
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled call: %v", err)
	}
	if msg := call(t, cs, "audit", args, nil); !strings.Contains(msg, "ran out of time") {
		t.Errorf("a call past the deadline: %q", msg)
	}
	<-entered
	if msg := call(t, cs, "composables", args, nil); !strings.Contains(msg, "internal error") || !strings.Contains(msg, "boom") {
		t.Errorf("a panic: %q", msg)
	}
	if msg := call(t, cs, "explain", map[string]any{"type": "Int"}, nil); msg != "" {
		t.Errorf("after them: %s", msg)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 2 || !errors.Is(seen[0], context.Canceled) || !errors.Is(seen[1], context.DeadlineExceeded) {
		t.Errorf("the server saw %v", seen)
	}
}

// TestHTTP: over streamable HTTP a token, when set, is required; a client sending it is served.
func TestHTTP(t *testing.T) {
	const token = "0123456789abcdef-token"
	s := newServer(t, Options{Roots: []string{testdata(t)}})
	hs := httptest.NewServer(s.HTTPHandler(token))
	defer hs.Close()
	resp, err := http.Post(hs.URL, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("no token: %s", resp.Status)
	}
	client := &http.Client{Transport: bearer{token}}
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	cs, err := c.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: hs.URL, HTTPClient: client}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	var x struct{ Verdict string }
	if msg := call(t, cs, "explain", map[string]any{"type": "lib1.LData", "classpath": []string{lib1, stub}}, &x); msg != "" || x.Verdict != "stable" {
		t.Errorf("over HTTP: %q %+v", msg, x)
	}
}

type bearer struct{ token string }

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r)
}

func TestCheckListen(t *testing.T) {
	long := strings.Repeat("x", MinTokenLength)
	for _, c := range []struct {
		addr, token string
		ok          bool
	}{
		{"127.0.0.1:8765", "", true},
		{"127.1.2.3:0", "", true},
		{"[::1]:8765", "", true},
		{"localhost:8765", "", true},
		{"0.0.0.0:8765", "", false},
		{":8765", "", false},
		{"192.168.1.5:8765", "", false},
		{"example.com:8765", "", false},
		{"0.0.0.0:8765", long, true},
		{"0.0.0.0:8765", "short", false},
		{"127.0.0.1", "", false},
	} {
		if err := CheckListen(c.addr, c.token); (err == nil) != c.ok {
			t.Errorf("CheckListen(%q, %q) = %v", c.addr, c.token, err)
		}
	}
}
