// Package mcp serves composestab's jobs to coding agents as a Model Context Protocol server
// (composestab mcp), built on the official Go SDK: explain, audit, composables, check_config
// and diff, each a tool with a JSON input schema and a structured, versioned output in the
// shapes of the command line's JSON (docs/json.md), over stdio or streamable HTTP.
//
// Safe by default: the server reads only under its roots (Options.Roots, and the client's roots
// where Options.ClientRoots lets it ask for them), checks every path a client names against them
// after resolving symbolic links — the links inside a folder included, before anything in it is
// read — never writes, applies the scan limits to every job, answers a bad request with a tool
// error, runs every request under a deadline and the client's cancellation, and returns large
// results a page at a time. explain keeps the classpaths it opened between calls, within a
// memory bound (Options.CacheBytes), for as long as their files do not change. docs/mcp.md is
// the user's documentation.
package mcp

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/maven"
)

// Options configure a Server.
type Options struct {
	// Roots are the folders the server may read under (composestab mcp --root). A relative path
	// a client gives is taken relative to the first root.
	Roots []string
	// ClientRoots also lets the server read under the roots the client offers (MCP roots/list),
	// asked for at each tool call. Over stdio the client is the program that started the server;
	// over HTTP any caller could claim any roots, so the command turns this off there.
	ClientRoots bool
	// Repos are Maven repositories or Gradle caches where group:artifact:version coordinates are
	// looked up; DefaultRepos adds ~/.m2/repository and Gradle's cache. Without either, a
	// coordinate is refused. The artefacts found there are read even though they lie outside
	// the roots: naming the repositories is the user's consent.
	Repos        []string
	DefaultRepos bool
	// Limits bound what one input may cost, for every job, as the scanning commands' --max-*
	// flags do; MaxEntries also caps the files and folders walked to check one path's links.
	Limits archive.Limits
	// Timeout is every tool call's deadline (DefaultTimeout when zero).
	Timeout time.Duration
	// MaxConcurrent caps the tool calls that run at once; the others wait for a slot, within
	// their deadline (DefaultMaxConcurrent when zero).
	MaxConcurrent int
	// CacheBytes bounds the memory of the classpaths explain keeps open between calls, each
	// counted as the bytes of its files as stored (DefaultCacheBytes when zero; none is kept when
	// negative). The least recently used is dropped first.
	CacheBytes int64
	// Version is the server's version as it introduces itself.
	Version string
}

// Defaults of Options.
const (
	DefaultTimeout       = 2 * time.Minute
	DefaultMaxConcurrent = 2
	// DefaultPageSize and MaxPageSize are the items one page of audit, composables or diff
	// holds unless the call's limit says otherwise, and the most it may ask for.
	DefaultPageSize = 20
	MaxPageSize     = 200
)

// Server is a composestab MCP server: one per process, serving any number of sessions.
type Server struct {
	opts  Options
	roots []root // Options.Roots, resolved
	repos []root // the repositories coordinates are read from, resolved
	// mavenRepos are the same repositories as the resolver searches them.
	mavenRepos []maven.Repo
	slots      chan struct{}
	cache      *classpathCache
	sdk        *sdk.Server
	// hook, if set, runs in every tool call once its slot is taken (tests: a call that takes
	// until it is cancelled).
	hook func(ctx context.Context, tool string)
}

// instructions tell the model what the server is for and how to call it.
const instructions = `composestab answers Jetpack Compose stability questions from compiled class files (jars, AARs, class folders, Gradle build folders), never from source: which classes Compose treats as stable, which composables skip, and why.
Paths must lie under the server's roots (absolute, or relative to the first root); the server reads nothing else and writes nothing. Build the module first, then give its output (e.g. app/build/tmp/kotlin-classes/release, build/libs/x.jar) as paths and its dependencies (the Compose runtime, libraries) as classpath, or group:artifact:version coordinates where the server allows them.
Start with audit (classes) or composables (functions); plan for what to change first; explain one type; diff before an upgrade; check_config for a stability configuration file. Big answers come a page at a time: pass page.nextCursor back as cursor.`

// New returns a server with the options' roots and repositories resolved: each must be a
// folder that exists.
func New(opts Options) (*Server, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxConcurrent <= 0 {
		opts.MaxConcurrent = DefaultMaxConcurrent
	}
	if opts.CacheBytes == 0 {
		opts.CacheBytes = DefaultCacheBytes
	}
	s := &Server{opts: opts, slots: make(chan struct{}, opts.MaxConcurrent), cache: newClasspathCache(opts.CacheBytes)}
	for _, dir := range opts.Roots {
		r, err := resolveRoot(dir)
		if err != nil {
			return nil, fmt.Errorf("root %s: %w", dir, err)
		}
		s.roots = append(s.roots, r)
	}
	repos, err := s.repoDirs()
	if err != nil {
		return nil, err
	}
	s.repos = repos
	version := opts.Version
	if version == "" {
		version = "devel"
	}
	s.sdk = sdk.NewServer(&sdk.Implementation{Name: "composestab", Title: "composestab: Compose stability from bytecode", Version: version},
		&sdk.ServerOptions{Instructions: instructions})
	s.addTools()
	return s, nil
}

// Close drops what the server keeps between calls (the classpaths explain opened), closing
// their files once the calls using them end. The server still answers afterwards.
func (s *Server) Close() error {
	s.cache.clear()
	return nil
}

// SDK is the server as the SDK sees it, to connect it to any transport.
func (s *Server) SDK() *sdk.Server { return s.sdk }

// ServeStdio serves one client over r and w (the process's stdin and stdout) until the client
// goes away or ctx ends.
func (s *Server) ServeStdio(ctx context.Context, r io.Reader, w io.Writer) error {
	err := s.sdk.Run(ctx, &sdk.IOTransport{Reader: io.NopCloser(r), Writer: nopWriteCloser{w}})
	if errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// HTTPHandler serves the streamable HTTP transport. With a token, every request must carry it
// as "Authorization: Bearer TOKEN", or is refused with 401. Cross-origin browser requests are
// refused, and so (by the SDK) are requests reaching a loopback address with another host name
// (DNS rebinding).
func (s *Server) HTTPHandler(token string) http.Handler {
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s.sdk },
		&sdk.StreamableHTTPOptions{SessionTimeout: 30 * time.Minute, MaxRequestBodyBytes: 1 << 20,
			// A client whose stream breaks during a long call can resume it (10 MiB kept).
			EventStore: sdk.NewMemoryEventStore(nil)})
	protected := http.NewCrossOriginProtection().Handler(h)
	if token == "" {
		return protected
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="composestab"`)
			http.Error(w, "missing or wrong bearer token", http.StatusUnauthorized)
			return
		}
		protected.ServeHTTP(w, r)
	})
}

// MinTokenLength is the shortest token CheckListen accepts.
const MinTokenLength = 16

// CheckListen says whether the server may listen on addr (host:port): a loopback address
// (127.0.0.0/8, ::1, localhost) always; any other only with a token of at least MinTokenLength
// characters, which clients must then send.
func CheckListen(addr, token string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%q is not HOST:PORT: %v", addr, err)
	}
	if token != "" && len(token) < MinTokenLength {
		return fmt.Errorf("the token has %d characters; use at least %d (e.g. openssl rand -hex 32)", len(token), MinTokenLength)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(strings.Trim(host, "[]")); ip != nil && ip.IsLoopback() {
		return nil
	}
	if token == "" {
		what := host
		if host == "" {
			what = "every interface"
		}
		return fmt.Errorf("%s is not a loopback address: anyone who can reach it could read under the roots; listen on 127.0.0.1, or give a token that clients must send", what)
	}
	return nil
}
