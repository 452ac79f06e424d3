package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/composestab/composestab/internal/fixtures"
)

// TestMCPFlags: what the command line alone decides is a usage error (2); a --root that is not
// there is an input that cannot be read (3).
func TestMCPFlags(t *testing.T) {
	dir := t.TempDir()
	short, long := filepath.Join(dir, "short"), filepath.Join(dir, "long")
	if err := os.WriteFile(short, []byte("abc\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(long, []byte("0123456789abcdef0123\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"mcp", "extra"}, exitUsage, "no arguments"},
		{[]string{"mcp", "--listen", "0.0.0.0:0", "--root", dir}, exitUsage, "not a loopback address"},
		{[]string{"mcp", "--listen", ":0", "--root", dir}, exitUsage, "every interface"},
		{[]string{"mcp", "--listen", "0.0.0.0:0", "--root", dir, "--token-file", short}, exitUsage, "at least 16"},
		{[]string{"mcp", "--listen", "127.0.0.1:0"}, exitUsage, "--listen needs --root"},
		{[]string{"mcp", "--listen", "127.0.0.1"}, exitUsage, "HOST:PORT"},
		{[]string{"mcp", "--token-file", long}, exitUsage, "goes with --listen"},
		{[]string{"mcp", "--listen", "127.0.0.1:0", "--root", dir, "--token-file", filepath.Join(dir, "nope")}, exitUnreadable, "--token-file"},
		{[]string{"mcp", "--timeout", "0s"}, exitUsage, "--timeout"},
		{[]string{"mcp", "--max-concurrent", "0"}, exitUsage, "--max-concurrent"},
		{[]string{"mcp", "--cache-mb", "-1"}, exitUsage, "--cache-mb -1: must be 0"},
		{[]string{"mcp", "--max-entry-size", "lots"}, exitUsage, "max-entry-size"},
		{[]string{"mcp", "--root", filepath.Join(dir, "missing")}, exitUnreadable, "missing"},
		{[]string{"mcp", "--root", short}, exitUnreadable, "not a folder"},
	} {
		code, _, errOut := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
	code, out, _ := runCLI(t, "mcp", "--help")
	if code != exitOK || !strings.Contains(out, "--root") || !strings.Contains(out, "--max-entries") || !strings.Contains(out, "--cache-mb") {
		t.Errorf("--help: exit %d\n%s", code, out)
	}
}

// TestMCPStdio: the server as a client starts it, over stdin and stdout: the tools are listed, a
// call is answered with the --max-* limits applied, and the server ends when the client goes.
func TestMCPStdio(t *testing.T) {
	golden := filepath.Dir(fixtures.RuntimeStubJar())
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	old := mcpStdin
	mcpStdin = inR
	defer func() { mcpStdin = old }()
	done := make(chan int, 1)
	var errb strings.Builder
	go func() {
		code := run([]string{"mcp", "--root", golden, "--max-entry-size=300"}, outW, &errb)
		outW.Close()
		done <- code
	}()
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	cs, err := c.Connect(context.Background(), &sdk.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) != 6 {
		t.Fatalf("tools: %v %v", tools, err)
	}
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "audit", Arguments: map[string]any{"paths": []string{"lib1/lib1.jar"}}})
	if err != nil || res.IsError {
		t.Fatalf("audit: %v %+v", err, res)
	}
	b, _ := json.Marshal(res.StructuredContent)
	if !strings.Contains(string(b), "exceeds the limit of 300 (Limits.MaxEntrySize)") {
		t.Errorf("--max-entry-size not applied:\n%.2000s", b)
	}
	cs.Close()
	select {
	case code := <-done:
		if code != exitOK || !strings.Contains(errb.String(), "serving over stdio; roots: "+golden) {
			t.Errorf("exit %d, stderr %q", code, errb.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the server did not end when the client went")
	}
}

// TestMCPHTTP: --listen on a loopback port serves streamable HTTP at /mcp until stopped.
func TestMCPHTTP(t *testing.T) {
	golden := filepath.Dir(fixtures.RuntimeStubJar())
	ctx, cancel := context.WithCancel(context.Background())
	old := mcpContext
	mcpContext = ctx
	defer func() { mcpContext = old }()
	errR, errW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		code := run([]string{"mcp", "--root", golden, "--listen", "127.0.0.1:0"}, io.Discard, errW)
		errW.Close()
		done <- code
	}()
	line, err := bufio.NewReader(errR).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, errR) //nolint:errcheck
	_, url, ok := strings.Cut(strings.TrimSpace(line), "serving ")
	url, _, _ = strings.Cut(url, ";")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("stderr: %q", line)
	}
	c := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil)
	cs, err := c.Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: "explain", Arguments: map[string]any{"type": "kotlin.collections.List<String>"}})
	if err != nil || res.IsError {
		t.Fatalf("explain: %v %+v", err, res)
	}
	cs.Close()
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
}
