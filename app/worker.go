package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/urfave/cli/v2"
)

// The worker protocol, between a batch and the worker processes it starts
// (the satdoku binary run as "satdoku __worker"). The worker first writes
// the line "ready", then one line per message:
//
//	request:  SEQ BOXROWS BOXCOLS CELLS
//	response: SEQ \t STATUS \t COUNT \t ENGINE \t SETTLED \t MICROS \t SOLUTION \t SECOND \t CONFLICT \t FALLBACK \t ERROR
//
// CELLS, SOLUTION and SECOND hold one byte per cell, '0'+digit ('-' for no
// board); CONFLICT lists cell indexes separated by commas; FALLBACK and
// ERROR are Go-quoted strings. Plain text keeps the parent's cost per puzzle
// at a fraction of a microsecond, so that workers scale.
const workerCommandName = "__worker"

// workerReady is the first line a worker writes, before any response.
const workerReady = "ready\n"

func workerCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:   workerCommandName,
		Hidden: true,
		Usage:  "serve puzzles to a parent satdoku (internal)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "options", Usage: "engine options as JSON"},
			&cli.BoolFlag{Name: "flush", Usage: "flush each answer at once, so that the parent can time each puzzle (--timeout)"},
		},
		Action: func(c *cli.Context) error {
			var o engine.Options
			if err := json.Unmarshal([]byte(c.String("options")), &o); err != nil {
				return usagef("worker options: %v", err)
			}
			eng, err := engine.New(o)
			if err != nil {
				return usagef("worker: %v", err)
			}
			tuneGC()
			if c.Bool("flush") && o.Kind != engine.External {
				// Timed puzzles: pay the first solve's start-up costs (heap
				// growth, page faults) before saying ready.
				if warm, err := engine.New(engine.Options{Kind: o.Kind}); err == nil {
					warm.Solve(context.Background(), board.New(board.Classic))
				}
			}
			if err := serveWorker(context.Background(), eng, s.stdin, s.stdout, c.Bool("flush")); err != nil {
				return exitf(ExitError, "worker: %v", err)
			}
			return nil
		},
	}
}

// serveWorker answers requests until its input ends. It flushes its
// answers whenever no further request is waiting, so that requests sent in
// a burst are answered in a burst, or after each answer with flushEach.
func serveWorker(ctx context.Context, eng *engine.Engine, in io.Reader, out io.Writer, flushEach bool) error {
	r := bufio.NewReaderSize(in, 64<<10)
	w := bufio.NewWriterSize(out, 64<<10)
	// Say when the process is up, so that the parent's --timeout clock
	// does not count the start of a process.
	if _, err := io.WriteString(out, workerReady); err != nil {
		return err
	}
	var buf []byte
	for {
		line, err := r.ReadSlice('\n')
		if err == io.EOF && len(line) == 0 {
			return w.Flush()
		}
		if err != nil && err != io.EOF {
			return err
		}
		seq, p, perr := parseRequest(line)
		if perr != nil {
			return fmt.Errorf("bad request %q: %w", line, perr)
		}
		res := eng.Solve(ctx, p)
		buf = appendResponse(buf[:0], seq, &res)
		if _, err := w.Write(buf); err != nil {
			return err
		}
		if flushEach || r.Buffered() == 0 {
			if err := w.Flush(); err != nil {
				return err
			}
		}
	}
}

func appendRequest(dst []byte, seq int, b *board.Board) []byte {
	dst = strconv.AppendInt(dst, int64(seq), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(b.Shape.BoxRows), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(b.Shape.BoxCols), 10)
	dst = append(dst, ' ')
	dst = appendCells(dst, b)
	return append(dst, '\n')
}

func appendCells(dst []byte, b *board.Board) []byte {
	if b == nil {
		return append(dst, '-')
	}
	for _, d := range b.Cells {
		dst = append(dst, '0'+d)
	}
	return dst
}

func parseCells(s board.Shape, field []byte) (*board.Board, error) {
	if len(field) != s.Cells() {
		return nil, fmt.Errorf("%d cells for %v", len(field), s)
	}
	b := board.New(s)
	for i, ch := range field {
		if ch < '0' || int(ch-'0') > s.Side() {
			return nil, fmt.Errorf("bad cell byte %q", ch)
		}
		b.Cells[i] = ch - '0'
	}
	return b, nil
}

func parseRequest(line []byte) (int, *board.Board, error) {
	f := bytes.Fields(line)
	if len(f) != 4 {
		return 0, nil, errors.New("want 4 fields")
	}
	seq, err1 := strconv.Atoi(string(f[0]))
	br, err2 := strconv.Atoi(string(f[1]))
	bc, err3 := strconv.Atoi(string(f[2]))
	if err := errors.Join(err1, err2, err3); err != nil {
		return 0, nil, err
	}
	s, err := board.NewShape(br, bc)
	if err != nil {
		return 0, nil, err
	}
	b, err := parseCells(s, f[3])
	return seq, b, err
}

func appendResponse(dst []byte, seq int, r *engine.Result) []byte {
	dst = strconv.AppendInt(dst, int64(seq), 10)
	dst = append(dst, '\t')
	dst = strconv.AppendInt(dst, int64(r.Status), 10)
	dst = append(dst, '\t')
	dst = strconv.AppendInt(dst, int64(r.Count), 10)
	dst = append(dst, '\t')
	dst = append(dst, r.Engine...)
	dst = append(dst, '\t')
	dst = strconv.AppendBool(dst, r.Settled)
	dst = append(dst, '\t')
	dst = strconv.AppendInt(dst, r.Elapsed.Microseconds(), 10)
	dst = append(dst, '\t')
	dst = appendCells(dst, r.Solution)
	dst = append(dst, '\t')
	dst = appendCells(dst, r.Second)
	dst = append(dst, '\t')
	for i, c := range r.Conflict {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(c), 10)
	}
	dst = append(dst, '\t')
	dst = strconv.AppendQuote(dst, r.Fallback)
	dst = append(dst, '\t')
	errText := ""
	if r.Err != nil {
		errText = r.Err.Error()
	}
	dst = strconv.AppendQuote(dst, errText)
	return append(dst, '\n')
}

// parseResponse reads a response for a puzzle of the given shape.
func parseResponse(line []byte, s board.Shape) (int, engine.Result, error) {
	var r engine.Result
	f := bytes.Split(bytes.TrimRight(line, "\n"), []byte{'\t'})
	if len(f) != 11 {
		return 0, r, fmt.Errorf("want 11 fields, got %d", len(f))
	}
	seq, err := strconv.Atoi(string(f[0]))
	if err != nil {
		return 0, r, err
	}
	status, err1 := strconv.Atoi(string(f[1]))
	count, err2 := strconv.Atoi(string(f[2]))
	settled, err3 := strconv.ParseBool(string(f[4]))
	micros, err4 := strconv.ParseInt(string(f[5]), 10, 64)
	fallback, err5 := strconv.Unquote(string(f[9]))
	errText, err6 := strconv.Unquote(string(f[10]))
	if err := errors.Join(err1, err2, err3, err4, err5, err6); err != nil {
		return seq, r, err
	}
	r.Status, r.Count, r.Engine, r.Settled = engine.Status(status), count, string(f[3]), settled
	r.Elapsed = time.Duration(micros) * time.Microsecond
	r.Fallback = fallback
	if errText != "" {
		r.Err = errors.New(errText)
	}
	for i, dst := range []**board.Board{&r.Solution, &r.Second} {
		if len(f[6+i]) == 1 && f[6+i][0] == '-' {
			continue
		}
		if *dst, err = parseCells(s, f[6+i]); err != nil {
			return seq, r, err
		}
	}
	if len(f[8]) > 0 {
		for _, c := range bytes.Split(f[8], []byte{','}) {
			cell, err := strconv.Atoi(string(c))
			if err != nil {
				return seq, r, err
			}
			r.Conflict = append(r.Conflict, cell)
		}
	}
	return seq, r, nil
}
