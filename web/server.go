package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"mime"
	"net"
	"net/http"
	"runtime"
	"strings"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/variant"
)

//go:embed static
var staticFiles embed.FS

// Defaults of Config.
const (
	DefaultMaxSide      = 25
	DefaultMaxBody      = 1 << 20
	DefaultSolveTimeout = 10 * time.Second
	DefaultMaxCount     = 100
	// DefaultMaxPicture is the default bound on one picture's SVG text:
	// a 25×25 puzzle with every rule drawn takes a few hundred kilobytes.
	DefaultMaxPicture = 8 << 20
)

// DefaultMaxSolves is the default bound on solves running at once: the
// number of CPUs, at least 2.
var DefaultMaxSolves = max(2, runtime.NumCPU())

// DefaultMaxRenders is the default bound on pictures drawn at once: the
// number of CPUs, at least 2.
var DefaultMaxRenders = max(2, runtime.NumCPU())

// CandidatesFunc returns, for each cell of the puzzle (r·N + c), the digits
// that appear there in at least one solution (bit d−1 for digit d), or nil
// when the puzzle has no solution. A classic puzzle comes as a variant
// puzzle with no rules. It must honour ctx where it can.
type CandidatesFunc func(ctx context.Context, puzzle *variant.Puzzle) ([]uint64, error)

// VariantSolveFunc solves a puzzle with variant rules or irregular regions
// as an engine would a classic one: o.Limit counts solutions, o.Explain
// explains a puzzle with no solution. Its solutions are checked again with
// variant.Check before they are shown.
type VariantSolveFunc func(ctx context.Context, puzzle *variant.Puzzle, o engine.Options) engine.Result

// Config sets the limits of a Handler. The zero value takes every default.
type Config struct {
	// MaxSide is the largest board side accepted; 0 means DefaultMaxSide.
	MaxSide int
	// MaxBody is the largest request body in bytes; 0 means DefaultMaxBody.
	MaxBody int64
	// SolveTimeout is the time allowed for one request's solve; 0 means
	// DefaultSolveTimeout.
	SolveTimeout time.Duration
	// MaxSolves bounds the solves running at once; a request beyond it
	// gets an immediate 503 "busy" answer. 0 means DefaultMaxSolves.
	// Boards larger than 9×9 hold at most MaxSolves−1 of them (one stays
	// free for quick ones), and those of one client (IP address) at most
	// half of that, at least one.
	MaxSolves int
	// MaxRenders bounds the pictures drawn at once, by /api/render (503
	// "busy" beyond it) and for the answers of /api/solve (which wait
	// for a turn within their time limit). 0 means DefaultMaxRenders.
	MaxRenders int
	// MaxPicture bounds the size of one picture's SVG text in bytes; a
	// request whose picture would be larger is answered 413. 0 means
	// DefaultMaxPicture.
	MaxPicture int
	// MaxCount is the largest "count" a request may ask for; 0 means
	// DefaultMaxCount.
	MaxCount int
	// Solve, if set, runs every solve of the API: classic and variant
	// puzzles, counts (o.Limit), explanations (o.Explain) and true
	// candidates (o.Candidates), unless Candidates or SolveVariant is set
	// for its kind. It must return soon after ctx ends, ending its work
	// there: a request's slot is free when it returns, before the answer
	// is sent. satdoku serve sets it to batch.SolveOne, which solves in a
	// worker process of its own, killed at the time limit, so that
	// neither the slot nor the memory outlives the request.
	//
	// When nil, classic puzzles are solved in this process by the SAT
	// engine. A gophersat call cannot be interrupted in-process: a solve
	// past the time limit is answered "timeout" at once but holds its
	// slot, a CPU and its memory until it really ends.
	Solve VariantSolveFunc
	// Candidates computes true candidates; nil leaves them to Solve, and
	// with Solve nil too makes the API answer "candidates" requests with
	// 501 Not Implemented and the page disable the button. Its slot is
	// held until it returns.
	Candidates CandidatesFunc
	// SolveVariant solves puzzles with variant rules (the "rules" and
	// "regions" of a request, or an f-puzzles puzzle); nil leaves them to
	// Solve, and with Solve nil too answers them with 501 Not Implemented
	// (they are still read and drawn). Its slot is held until it returns.
	SolveVariant VariantSolveFunc
	// AnyHost accepts requests whatever their Host header. By default
	// only loopback names (localhost, 127.0.0.1, [::1]) are accepted, so
	// that a web site cannot reach the server through DNS rebinding.
	AnyHost bool
	// Version is shown on the page and in /api/info.
	Version string
	// Log receives one line per failed request and per server error; nil
	// discards them.
	Log *log.Logger
}

// Handler serves the page and the JSON API. It is safe for concurrent use.
type Handler struct {
	cfg       Config
	solves    *solveSlots
	renders   chan struct{} // one token per picture being drawn
	memory    memoryReturner
	mux       *http.ServeMux
	paths     recent[*foundPath] // the last paths of /api/steps
	solutions recent[solved]     // and the solutions of their puzzles
	behind    behindPaths
}

// NewHandler returns the handler of the page and its API with the given
// limits.
func NewHandler(cfg Config) *Handler {
	if cfg.MaxSide <= 0 {
		cfg.MaxSide = DefaultMaxSide
	}
	cfg.MaxSide = min(cfg.MaxSide, board.MaxSide)
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.SolveTimeout <= 0 {
		cfg.SolveTimeout = DefaultSolveTimeout
	}
	if cfg.MaxSolves <= 0 {
		cfg.MaxSolves = DefaultMaxSolves
	}
	if cfg.MaxCount <= 0 {
		cfg.MaxCount = DefaultMaxCount
	}
	if cfg.MaxRenders <= 0 {
		cfg.MaxRenders = DefaultMaxRenders
	}
	if cfg.MaxPicture <= 0 {
		cfg.MaxPicture = DefaultMaxPicture
	}
	h := &Handler{cfg: cfg, solves: newSolveSlots(cfg.MaxSolves), renders: make(chan struct{}, cfg.MaxRenders), mux: http.NewServeMux()}
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		panic("web: embedded files: " + err.Error()) // the embed directive guarantees the directory
	}
	files := http.FileServer(http.FS(static))
	h.mux.Handle("GET /{$}", files)
	h.mux.Handle("GET /static/", http.StripPrefix("/static", files))
	h.mux.HandleFunc("GET /api/info", h.info)
	h.mux.HandleFunc("POST /api/render", h.api(h.render, h.admitRender))
	h.mux.HandleFunc("POST /api/solve", h.api(h.solve, nil))
	h.mux.HandleFunc("POST /api/steps", h.api(h.steps, nil))
	for path, method := range map[string]string{"/api/info": "GET", "/api/render": "POST", "/api/solve": "POST", "/api/steps": "POST"} {
		h.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", method)
			writeJSON(w, http.StatusMethodNotAllowed, answer(StatusInvalid, r.URL.Path+" takes "+method+", not "+r.Method))
		})
	}
	h.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusNotFound, answer(StatusInvalid, "no such API endpoint: "+r.Method+" "+r.URL.Path))
	})
	return h
}

// Config returns the handler's limits, with the defaults filled in.
func (h *Handler) Config() Config { return h.cfg }

// ServeHTTP serves one request.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	hdr.Set("X-Content-Type-Options", "nosniff")
	hdr.Set("Referrer-Policy", "no-referrer")
	hdr.Set("X-Frame-Options", "DENY")
	hdr.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	if !h.cfg.AnyHost && !loopbackHost(r.Host) {
		h.logf("refused Host %q from %s", r.Host, r.RemoteAddr)
		http.Error(w, "this server answers to localhost only (see satdoku serve --help)", http.StatusMisdirectedRequest)
		return
	}
	h.mux.ServeHTTP(w, r)
}

// loopbackHost reports whether a Host header names this machine's loopback
// interface: localhost, 127.0.0.0/8 or ::1, with or without a port.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (h *Handler) logf(format string, args ...any) {
	if h.cfg.Log != nil {
		h.cfg.Log.Printf(format, args...)
	}
}

// apiFunc answers one decoded API request with an HTTP status and a body.
type apiFunc func(ctx context.Context, req *Request) (int, *Response)

// admitFunc takes what a request needs before its body is read, and
// returns the function that gives it back, or the busy answer.
type admitFunc func() (release func(), busy *Response)

// api wraps an endpoint: JSON content type, admission (when admit is not
// nil: a busy server refuses a request before reading a megabyte of it),
// body size limit, strict decoding, and the JSON answer.
func (h *Handler) api(fn apiFunc, admit admitFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		if !isJSON(r.Header.Get("Content-Type")) {
			writeJSON(w, http.StatusUnsupportedMediaType, answer(StatusInvalid, "send the request as JSON with Content-Type: application/json"))
			return
		}
		if admit != nil {
			release, busy := admit()
			if busy != nil {
				w.Header().Set("Retry-After", "1")
				writeJSON(w, http.StatusServiceUnavailable, busy)
				return
			}
			defer release()
		}
		r.Body = http.MaxBytesReader(w, r.Body, h.cfg.MaxBody)
		var req Request
		dec := json.NewDecoder(r.Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			status, msg := http.StatusBadRequest, "bad JSON request: "+err.Error()
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				status, msg = http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is larger than %d bytes", h.cfg.MaxBody)
			}
			writeJSON(w, status, answer(StatusInvalid, msg))
			return
		}
		if dec.More() {
			writeJSON(w, http.StatusBadRequest, answer(StatusInvalid, "bad JSON request: more than one value"))
			return
		}
		ctx := context.WithValue(r.Context(), clientKey{}, clientAddr(r.RemoteAddr))
		h.memory.start()
		status, resp := fn(ctx, &req)
		// Once the answer is written: encoding a big picture takes as
		// much memory as drawing it.
		defer h.memory.done(len(resp.SVG) + len(resp.SVGSecond))
		resp.Micros = time.Since(start).Microseconds()
		if status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "1")
		}
		if status >= 400 && status != http.StatusServiceUnavailable {
			h.logf("%s %s: %d %s", r.Method, r.URL.Path, status, resp.Error)
		}
		// The server's write timeout counts from the request's headers, so
		// work that a busy machine slowed past it (a big picture drawn
		// while other jobs run) would be dropped without a word: the
		// answer gets its own time to be written instead. The work itself
		// is bounded by the solve time limit and the picture limits.
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(answerWriteTime))
		writeJSON(w, status, resp)
	}
}

// isJSON reports whether a Content-Type is JSON: application/json,
// optionally with parameters (charset=utf-8), in any case, and nothing
// else (not application/jsonx).
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // the client may be gone; nothing to do about it
}

// Info is the answer of GET /api/info: the server's limits and features.
type Info struct {
	Version      string   `json:"version"`
	MaxSide      int      `json:"max_side"`
	MaxBody      int64    `json:"max_body"`
	MaxCount     int      `json:"max_count"`
	MaxSolves    int      `json:"max_solves"`
	TimeoutMS    int64    `json:"timeout_ms"`
	Candidates   bool     `json:"candidates"`
	Variants     bool     `json:"variants"` // puzzles with variant rules are solved, not only drawn
	Formats      []string `json:"formats"`
	Alphabets    []string `json:"alphabets"`
	RuleNames    string   `json:"rule_names"` // what "rules" accepts
	RunningSolve int      `json:"running_solves"`
	// MaxRenders and MaxPicture are Config's; RunningRenders counts the
	// pictures being drawn.
	MaxRenders     int `json:"max_renders"`
	MaxPicture     int `json:"max_picture"`
	RunningRenders int `json:"running_renders"`
}

func (h *Handler) info(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, &Info{
		Version:      h.cfg.Version,
		MaxSide:      h.cfg.MaxSide,
		MaxBody:      h.cfg.MaxBody,
		MaxCount:     h.cfg.MaxCount,
		MaxSolves:    h.cfg.MaxSolves,
		TimeoutMS:    h.cfg.SolveTimeout.Milliseconds(),
		Candidates:   h.cfg.Candidates != nil || h.cfg.Solve != nil,
		Variants:     h.cfg.SolveVariant != nil || h.cfg.Solve != nil,
		Formats:      inputFormats,
		Alphabets:    board.AlphabetNames,
		RuleNames:    variant.SpecNames,
		RunningSolve: h.solves.count(),

		MaxRenders:     h.cfg.MaxRenders,
		MaxPicture:     h.cfg.MaxPicture,
		RunningRenders: len(h.renders),
	})
}

// answerWriteTime is how long a client has to read an answer once it is
// ready.
const answerWriteTime = 30 * time.Second

// NewServer returns an HTTP server for h on addr with timeouts that keep a
// slow or idle client from holding a connection: 5 s to send the headers,
// 30 s for the whole request, the solve timeout plus 30 s to write the
// answer (30 s from when it is ready: see answerWriteTime), 2 minutes idle between requests, and 64 KiB of headers.
func NewServer(addr string, h *Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      h.cfg.SolveTimeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          h.cfg.Log,
	}
}

// IsLoopback reports whether addr (host:port, as for net.Listen) listens on
// the loopback interface only. An empty host or an unspecified address
// (0.0.0.0, ::) listens everywhere; a name other than localhost is not
// resolved and counts as not loopback.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
