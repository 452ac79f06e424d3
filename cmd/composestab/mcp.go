package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/audit/mcp"
	"github.com/composestab/composestab/internal/userfile"
)

// mcpStdin is what the stdio server reads, and mcpContext what it runs under until Ctrl-C (a
// test's pipe and context).
var (
	mcpStdin   io.Reader = os.Stdin
	mcpContext           = context.Background()
)

// mcpTokenEnv names the environment variable that may hold the HTTP token.
const mcpTokenEnv = "COMPOSESTAB_MCP_TOKEN"

const mcpUsage = `A Model Context Protocol server for coding agents: the tools explain, audit, composables,
check_config and diff, answering as the commands' JSON does (see docs/mcp.md).

Usage: composestab mcp [flags]

Over stdio by default (the client starts the server); with --listen, over streamable HTTP at
http://HOST:PORT/mcp. The server reads only under --root folders and, over stdio, the roots the
client offers; every path, and every symbolic link below a folder, is checked against them. It
never writes. A loopback --listen address needs nothing more; any other needs a token, read from
--token-file or $` + mcpTokenEnv + `, that clients send as "Authorization: Bearer TOKEN".

Examples:
  composestab mcp --root ~/src/myapp
  composestab mcp --root ~/src/myapp --default-repos
  composestab mcp --root ~/src/myapp --listen 127.0.0.1:8765

Exit codes: 0 the client went away or Ctrl-C; 2 bad flags; 3 a --root, --repo or --token-file
that cannot be read.

Flags:
%s`

func runMCP(s *streams, args []string) error {
	var roots, repos []string
	var listen, tokenFile string
	var defaultRepos, noClientRoots bool
	var limits archive.Limits
	timeout, maxConcurrent := mcp.DefaultTimeout, mcp.DefaultMaxConcurrent
	cacheMB := int64(mcp.DefaultCacheBytes >> 20)
	fs := newFlagSet(s, "mcp", "mcp [flags]")
	fs.StringArrayVar(&roots, "root", nil, "a folder the server may read under (repeatable); a client's relative paths are relative to the first")
	fs.BoolVar(&noClientRoots, "no-client-roots", false, "over stdio, read only under --root, not under the roots the client offers")
	fs.StringVar(&listen, "listen", "", "serve streamable HTTP on HOST:PORT (path /mcp) instead of stdio: a loopback address, or any with a token")
	fs.StringVar(&tokenFile, "token-file", "", "with --listen, a file holding the token clients must send (Authorization: Bearer TOKEN); else $"+mcpTokenEnv)
	fs.StringArrayVar(&repos, "repo", nil, "a Maven repository or Gradle cache where group:artifact:version arguments are looked up (repeatable)")
	fs.BoolVar(&defaultRepos, "default-repos", false, "also look coordinates up in ~/.m2/repository and Gradle's cache (without --repo or this, coordinates are refused)")
	fs.DurationVar(&timeout, "timeout", timeout, "the deadline of every tool call")
	fs.IntVar(&maxConcurrent, "max-concurrent", maxConcurrent, "most tool calls run at once; the others wait within their deadline")
	fs.Int64Var(&cacheMB, "cache-mb", cacheMB, "MiB the classpaths explain keeps open between calls may take, each counted as its files' size; 0 keeps none")
	limitFlags(fs, &limits)
	fs.Usage = func() { fmt.Fprintf(s.out, mcpUsage, fs.FlagUsagesWrapped(helpWidth)) }
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return usageErrorf("mcp takes no arguments: the client names the paths (see composestab mcp --help)")
	case timeout <= 0:
		return usageErrorf("--timeout %s: must be positive", timeout)
	case maxConcurrent < 1:
		return usageErrorf("--max-concurrent %d: must be at least 1", maxConcurrent)
	case cacheMB < 0 || cacheMB > 1<<30:
		return usageErrorf("--cache-mb %d: must be 0 (no cache) or a size in MiB", cacheMB)
	}
	cacheBytes := cacheMB << 20
	if cacheMB == 0 {
		cacheBytes = -1 // none kept
	}
	token := os.Getenv(mcpTokenEnv)
	if tokenFile != "" {
		b, err := userfile.ReadFile(tokenFile, 4096)
		if err != nil {
			return unreadableErrorf("--token-file: %v", err)
		}
		token = strings.TrimSpace(string(b))
		if token == "" {
			return unreadableErrorf("--token-file %s: empty", tokenFile)
		}
	}
	if listen == "" {
		if tokenFile != "" {
			return usageErrorf("--token-file goes with --listen: over stdio the client that starts the server is the only one")
		}
		token = ""
	} else {
		if err := mcp.CheckListen(listen, token); err != nil {
			return usageErrorf("--listen: %v", err)
		}
		if len(roots) == 0 {
			return usageErrorf("--listen needs --root: over HTTP the server reads only under the roots it was started with")
		}
	}
	srv, err := mcp.New(mcp.Options{Roots: roots, ClientRoots: listen == "" && !noClientRoots, Repos: repos, DefaultRepos: defaultRepos,
		Limits: limits, Timeout: timeout, MaxConcurrent: maxConcurrent, CacheBytes: cacheBytes, Version: currentBuild().version})
	if err != nil {
		return unreadableErrorf("%v", err)
	}
	defer srv.Close()
	ctx, stop := signal.NotifyContext(mcpContext, os.Interrupt, syscall.SIGTERM)
	defer stop()
	where := "roots: " + strings.Join(roots, ", ")
	if len(roots) == 0 {
		where = "no --root: only under the roots the client offers"
	}
	if listen == "" {
		fmt.Fprintf(s.err, "composestab mcp: serving over stdio; %s\n", where)
		return srv.ServeStdio(ctx, mcpStdin, s.out)
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return usageErrorf("--listen: %v", err)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", srv.HTTPHandler(token))
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shut) //nolint:errcheck // closing anyway
	}()
	fmt.Fprintf(s.err, "composestab mcp: serving http://%s/mcp; %s\n", ln.Addr(), where)
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
