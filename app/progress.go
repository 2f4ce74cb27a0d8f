package app

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// progress draws a progress line on stderr while a batch reads a file of
// known size: the share of its bytes read, the puzzles done and their
// rate, and the time left. It draws nothing when stderr is not a terminal,
// with --quiet, or for input of unknown size (a pipe), and clears its line
// when done. (A line of its own rather than a progress-bar library: those
// pull in net/http, which costs every worker process milliseconds to
// start.)
type progress struct {
	stderr  io.Writer
	enabled bool
	begun   time.Time
	done_   atomic.Int64 // puzzles written

	mu        sync.Mutex // the fields below; draw holds it
	name      string
	size      int64        // of the current file; 0: no line
	read      atomic.Int64 // bytes read of the current file
	fileStart time.Time
	last      time.Time // of the last drawing
	shown     bool      // a line is on the screen
}

func newProgress(stderr io.Writer, quiet bool) *progress {
	return &progress{stderr: stderr, enabled: !quiet && isTerminal(stderr), begun: time.Now()}
}

// start begins a line for one input, if it is a regular file.
func (p *progress) start(name string, r io.Reader) {
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.size = 0
	f, ok := r.(*os.File)
	if !ok {
		return
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 {
		return
	}
	p.name, p.size, p.fileStart = displayName(name), st.Size(), time.Now()
	p.read.Store(0)
}

// wrap counts the bytes read from r for the line.
func (p *progress) wrap(r io.Reader) io.Reader {
	if !p.enabled {
		return r
	}
	return &countingReader{r: r, n: &p.read}
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// done counts one puzzle written, and redraws the line now and then.
func (p *progress) done() {
	n := p.done_.Add(1)
	if !p.enabled {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.size == 0 || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	read := min(p.read.Load(), p.size)
	frac := float64(read) / float64(p.size)
	line := fmt.Sprintf("%s %3.0f%% %s/%s, %s, %.0f/s", p.name, 100*frac, mib(read), mib(p.size), count(int(n), "puzzle"), float64(n)/now.Sub(p.begun).Seconds())
	if elapsed := now.Sub(p.fileStart); frac > 0.01 {
		left := time.Duration(float64(elapsed) * (1 - frac) / frac)
		line += fmt.Sprintf(", %v left", left.Round(time.Second))
	}
	fmt.Fprintf(p.stderr, "\r\x1b[K%s", line)
	p.shown = true
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// finish clears the line.
func (p *progress) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.stderr, "\r\x1b[K")
		p.shown = false
	}
}
