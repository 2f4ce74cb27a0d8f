// Package serve is the command "satdoku serve": the page and JSON API of
// package web, given the engines of package batch (each solve in a worker
// process of its own), as a command of the application of package app.
// The program satdoku-web (cmd/satdoku-web) joins them (app.Main(…,
// serve.Command)), so that app does not import web, web does not import
// the command line, and the satdoku command does not link net/http:
// "satdoku serve" runs satdoku-web.
package serve

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os/signal"
	"syscall"
	"time"

	"github.com/satdoku/satdoku/app"
	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/web"
	"github.com/urfave/cli/v2"
)

// Command is the serve command of the application on the streams s: give
// it to app.Main.
func Command(s app.Streams) *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "serve a local web page to paste, type, solve and look at puzzles, with a JSON API",
		Description: `Serves the page and its JSON API (see docs/tour.md, or the documentation of
package web) on 127.0.0.1:8080 until interrupted. Open the address in a
browser; the page loads nothing from elsewhere.

The page solves variant puzzles (f-puzzles links and files, global rules,
jigsaw regions), checks uniqueness, shows true candidates and explains a
puzzle with no solution, with the engines of 'satdoku solve'.

Safe by default: it listens on the loopback interface only and answers only
to loopback host names, so no other machine and no web site can use it;
--listen on another address needs --allow-remote as well, and then anyone who
can reach that address can use the solver (there is no authentication).
Requests are bounded in size, each solve in time (--timeout: it runs in a
worker process of its own, killed at the limit, so that its slot and memory
are free when the answer is sent), solves at once in number (--max-solves:
more get an immediate "busy" answer; boards over 9x9 leave one slot free,
and one client holds at most half of the rest), pictures at once in number
(--max-renders) and in size (--max-picture, 413 beyond), and boards in size
(--max-side, 25 by default). See docs/limits.md.

Examples:
   satdoku serve
   satdoku serve --listen 127.0.0.1:9000 --timeout 30s
   satdoku serve --listen 0.0.0.0:8080 --allow-remote   # other machines too: read the warning

EXIT CODES:
   0    stopped by SIGINT (Ctrl-C) or SIGTERM
   1    the address cannot be listened on, or serving failed
   2    usage error (bad flag or argument)`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "listen", Value: "127.0.0.1:8080", Usage: "listen on `ADDR` (host:port; port 0 picks a free one)"},
			&cli.BoolFlag{Name: "allow-remote", Usage: "allow a --listen address other than loopback, and any Host header"},
			&cli.IntFlag{Name: "max-side", Value: web.DefaultMaxSide, Usage: "largest board side `N` accepted, up to 64"},
			&cli.DurationFlag{Name: "timeout", Value: web.DefaultSolveTimeout, Usage: "time limit `DURATION` of one solve"},
			&cli.IntFlag{Name: "max-solves", Value: web.DefaultMaxSolves, Usage: "`N` solves running at once; more are answered busy (HTTP 503)"},
			&cli.IntFlag{Name: "max-count", Value: web.DefaultMaxCount, Usage: "largest solution count `N` a request may ask for"},
			&cli.IntFlag{Name: "max-renders", Value: web.DefaultMaxRenders, Usage: "`N` pictures drawn at once; more are answered busy (HTTP 503)"},
			&cli.IntFlag{Name: "max-picture", Value: web.DefaultMaxPicture, Usage: "largest picture (SVG text) in `BYTES`; larger ones are answered HTTP 413"},
		},
		Action: func(c *cli.Context) error { return runServe(c, s) },
	}
}

func runServe(c *cli.Context, s app.Streams) error {
	addr := c.String("listen")
	if c.NArg() > 0 {
		return app.Usagef("serve takes no arguments (got %q)", c.Args().First())
	}
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return app.Usagef("--listen %q: want host:port, e.g. 127.0.0.1:8080", addr)
	}
	remote := c.Bool("allow-remote")
	if !web.IsLoopback(addr) && !remote {
		return app.Usagef("--listen %s is not a loopback address: other machines could use the solver; add --allow-remote if that is what you want", addr)
	}
	switch {
	case c.Int("max-side") < 4 || c.Int("max-side") > 64:
		return app.Usagef("--max-side %d: want 4 to 64", c.Int("max-side"))
	case c.Duration("timeout") <= 0:
		return app.Usagef("--timeout must be positive")
	case c.Int("max-solves") < 1:
		return app.Usagef("--max-solves must be at least 1")
	case c.Int("max-count") < 1:
		return app.Usagef("--max-count must be at least 1")
	case c.Int("max-renders") < 1:
		return app.Usagef("--max-renders must be at least 1")
	case c.Int("max-picture") < 1<<10:
		return app.Usagef("--max-picture must be at least 1024")
	}
	cfg := web.Config{
		MaxSide:      c.Int("max-side"),
		SolveTimeout: c.Duration("timeout"),
		MaxSolves:    c.Int("max-solves"),
		MaxCount:     c.Int("max-count"),
		MaxRenders:   c.Int("max-renders"),
		MaxPicture:   c.Int("max-picture"),
		AnyHost:      remote,
		Version:      app.Version(),
		Log:          log.New(s.Stderr, "satdoku serve: ", log.LstdFlags),
	}
	addSolvers(&cfg)
	h := web.NewHandler(cfg)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return app.Exitf(app.ExitError, "%v", err)
	}
	srv := web.NewServer(addr, h)
	if !web.IsLoopback(addr) {
		fmt.Fprintf(s.Stderr, "satdoku: warning: listening on %s, beyond this machine: anyone who can reach it can use the solver, with no authentication\n", ln.Addr())
	}
	fmt.Fprintf(s.Stdout, "satdoku: serving on http://%s/ (Ctrl-C to stop)\n", ln.Addr())

	ctx, stop := signal.NotifyContext(c.Context, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return app.Exitf(app.ExitError, "serving: %v", err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return app.Exitf(app.ExitError, "stopping: %v", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return app.Exitf(app.ExitError, "serving: %v", err)
	}
	return nil
}

// addSolvers gives the page its solver of every puzzle, count,
// explanation and true candidates: the engines of package engine, each
// solve in a worker process of its own (batch.SolveOne), killed when its
// request's time runs out.
func addSolvers(cfg *web.Config) {
	cfg.Solve = func(ctx context.Context, p *variant.Puzzle, o engine.Options) engine.Result {
		if len(p.Rules) == 0 && p.Regions == nil {
			return batch.SolveOne(ctx, p.Givens, nil, batch.Options{Engine: o})
		}
		return batch.SolveOne(ctx, nil, p, batch.Options{Engine: o})
	}
}
