package app

import (
	"io"
	"sync"

	"github.com/satdoku/satdoku/internal/brokenpipe"
)

// ExitBrokenPipe is the exit code of a run whose standard output was
// closed before it was done, as by "satdoku solve set.txt | head -1": what
// a shell reports for a Unix filter that a closed pipe ended (128 +
// SIGPIPE). satdoku stops its work at once, says nothing, and returns it.
const ExitBrokenPipe = 141

// stdoutWatch records the first error of the writes to standard output, so
// that a closed pipe ends any command quietly and a failed write that a
// command did not report is reported all the same.
type stdoutWatch struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

func (s *stdoutWatch) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil {
		s.mu.Lock()
		if s.err == nil {
			s.err = err
		}
		s.mu.Unlock()
	}
	return n, err
}

// failed returns the first write error, if any.
func (s *stdoutWatch) failed() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// isBrokenPipe reports whether err is a write to a pipe or socket whose
// reader has gone.
func isBrokenPipe(err error) bool { return brokenpipe.Is(err) }

// Unwrap returns the writer watched, for isTerminal.
func (s *stdoutWatch) Unwrap() io.Writer { return s.w }

// outErr returns the first error of a write to standard output, so that a
// command that writes in many small steps can stop at once.
func (s *streams) outErr() error {
	if w, ok := s.stdout.(*stdoutWatch); ok {
		return w.failed()
	}
	return nil
}
