package app

import (
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress draws a progress bar on stderr while a batch reads a file of
// known size: bytes read drive the bar and its ETA, and the description
// counts puzzles done and their rate. It draws nothing when stderr is not
// a terminal, with --quiet, or for input of unknown size (a pipe).
type progress struct {
	stderr  io.Writer
	enabled bool
	bar     atomic.Pointer[progressbar.ProgressBar] // set by the reader, used by the writer
	done_   atomic.Int64
	start_  time.Time
	last    atomic.Int64 // unix nanoseconds of the last description update
}

func newProgress(stderr io.Writer, quiet bool) *progress {
	return &progress{stderr: stderr, enabled: !quiet && isTerminal(stderr), start_: time.Now()}
}

// start begins a bar for one input, if it is a regular file.
func (p *progress) start(name string, r io.Reader) {
	if !p.enabled {
		return
	}
	f, ok := r.(*os.File)
	if !ok {
		return
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 {
		return
	}
	p.finish()
	p.bar.Store(progressbar.NewOptions64(st.Size(),
		progressbar.OptionSetWriter(p.stderr),
		progressbar.OptionSetDescription(displayName(name)),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetWidth(30),
	))
}

// wrap counts the bytes read from r on the bar.
func (p *progress) wrap(r io.Reader) io.Reader {
	bar := p.bar.Load()
	if bar == nil {
		return r
	}
	pr := progressbar.NewReader(r, bar)
	return &pr
}

// done counts one puzzle written.
func (p *progress) done() {
	n := p.done_.Add(1)
	bar := p.bar.Load()
	if bar == nil {
		return
	}
	now := time.Now().UnixNano()
	if now-p.last.Load() < int64(200*time.Millisecond) {
		return
	}
	p.last.Store(now)
	rate := float64(n) / time.Since(p.start_).Seconds()
	bar.Describe(fmt.Sprintf("%d puzzles, %.0f/s", n, rate))
}

// finish removes the bar.
func (p *progress) finish() {
	if bar := p.bar.Swap(nil); bar != nil {
		bar.Finish()
	}
}
