package app

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/board"
	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/satdoku/satdoku/variant"
)

// inputs reads the puzzles of the named inputs ("-" or none: standard
// input) one after another, as one batch.Source. A file that cannot be
// opened or read is noted and skipped: the others are still read, and the
// note is printed where the file's results would have been.
type inputs struct {
	s        *streams
	names    []string
	in       input
	progress *progress
	// check, if not nil, is asked about each puzzle read before it is
	// solved: an error from it ends the input there (refusal).
	check func(p *board.Puzzle, index int, name string) error
	// offset is added to the line numbers of puzzles and errors (--offset).
	offset int

	// rules adds --rules and --regions to classic puzzles; nil: none.
	rules *ruleSet
	// notes receives the notes about f-puzzles content that is not solved
	// with (drawings, solver notes); nil: none are written.
	notes io.Writer

	cur     *inputpkg.Reader
	curName string
	file    io.Closer // the current input's file, or zip member
	count   int       // puzzles read from the current input

	// A zip archive being read: its file, its name, and the members
	// still to read, each an input of its own.
	archive     *os.File
	archiveName string
	members     []*zip.File

	total int // puzzles read so far
	args  int // inputs taken from names so far

	mu     sync.Mutex // the notes below are written by Read and read by the batch's fn
	failed []failedInput
	empty  []string
	nFail  int
	// refused is the error of check that ended the input.
	refused error
}

// failedInput is an input that could not be read, after the puzzles read
// before it; or, with text set, a note about the input (noteWriter).
type failedInput struct {
	after int
	err   error
	text  string
}

func newInputs(s *streams, names []string, in input, progress *progress) *inputs {
	if len(names) == 0 {
		names = []string{"-"}
	}
	return &inputs{s: s, names: names, in: in, progress: progress}
}

// Read returns the next puzzle of the current input, moving on to the
// next input at the end of one, without its variant rules.
func (r *inputs) Read() (*board.Puzzle, error) {
	p, _, err := r.ReadVariant()
	return p, err
}

// ReadVariant returns the next puzzle as Read does, with its variant form:
// the f-puzzles puzzle, or a classic puzzle with --rules and --regions;
// nil for a classic puzzle without them. It makes inputs a
// batch.VariantSource.
func (r *inputs) ReadVariant() (*board.Puzzle, *variant.Puzzle, error) {
	for {
		if r.cur == nil && !r.open() {
			return nil, nil, io.EOF
		}
		p, v, err := readPuzzle(r.cur)
		switch {
		case err == io.EOF:
			if r.count == 0 {
				r.mu.Lock()
				r.empty = append(r.empty, displayName(r.curName))
				r.mu.Unlock()
			}
			r.closeCurrent()
			continue
		case err != nil && !batch.Unreadable(err):
			r.fail(fmt.Errorf("reading %s: %w (the rest of it was skipped)", displayName(r.curName), err))
			r.closeCurrent()
			continue
		}
		r.count++
		r.total++
		if r.offset != 0 {
			if pe := parseErrorOf(err); pe != nil {
				pe.Line += r.offset
				pe.StartLine += r.offset
			} else if p != nil {
				p.Line += r.offset
			}
		}
		if err == nil && v == nil && r.rules != nil {
			if v, err = r.rules.apply(p); err != nil {
				at := where(&batch.Result{Index: r.total, Name: r.curName, Puzzle: p})
				return nil, nil, &batch.InputError{Err: fmt.Errorf("%s: %w", at, err)}
			}
		}
		if err == nil && r.check != nil {
			if cerr := r.check(p, r.total, r.curName); cerr != nil {
				// The end of the input: the puzzles before it are still
				// solved and printed, and the run then ends with the error.
				r.mu.Lock()
				r.refused = cerr
				r.mu.Unlock()
				r.members = nil
				r.closeCurrent()
				r.names = nil
				return nil, nil, io.EOF
			}
		}
		return p, v, err
	}
}

// Name returns the name of the input the last puzzle came from.
func (r *inputs) Name() string { return r.curName }

// open opens the next input that can be opened; it reports false when
// none is left.
func (r *inputs) open() bool {
	for len(r.members) > 0 || len(r.names) > 0 {
		var name string
		var src io.Reader = r.s.stdin
		switch {
		case len(r.members) > 0:
			m := r.members[0]
			r.members = r.members[1:]
			name = r.archiveName + "/" + m.Name
			rc, err := m.Open()
			if err != nil {
				r.fail(fmt.Errorf("%s: %w (skipped)", name, err))
				r.closeArchive()
				continue
			}
			r.file, src = rc, rc
		default:
			name = r.names[0]
			r.names = r.names[1:]
			r.args++
			if name == "-" {
				r.s.noteTerminal("puzzles")
				break
			}
			if text, ok := inputpkg.Argument(name); ok {
				name, src = argumentName(r.args), strings.NewReader(text+"\n")
				break
			}
			f, err := inputpkg.OpenFile(name)
			if err != nil {
				r.fail(fmt.Errorf("%w (skipped)", err))
				continue
			}
			if members, zip, err := inputpkg.ZipMembers(f); zip {
				if err == nil {
					err = r.openArchive(f, name, members)
				}
				if err != nil {
					f.Close()
					r.fail(fmt.Errorf("%s: %w (skipped)", name, err))
				}
				continue
			}
			r.file, src = f, f
		}
		r.progress.start(name, src)
		r.curName, r.count = name, 0
		// The size of board.Reader's own buffer, which then reads from
		// this one instead of copying it (bufio.NewReaderSize).
		br := inputpkg.Decode(r.progress.wrap(src), board.DefaultMaxLineLength+2)
		r.cur = r.in.open(br, name, r.notes)
		if f := r.cur.Format; f.Variant() && r.rules != nil && r.notes != nil {
			if f == inputpkg.Marks {
				fmt.Fprintf(r.notes, "satdoku: %s: note: --rules and --regions are for classic puzzles, not pencil-mark grids\n", displayName(name))
			} else {
				fmt.Fprintf(r.notes, "satdoku: %s: note: --rules and --regions are for classic puzzles; f-puzzles puzzles carry their own\n", displayName(name))
			}
		}
		return true
	}
	return false
}

func (r *inputs) closeCurrent() {
	if r.file != nil {
		r.file.Close()
		r.file = nil
	}
	r.cur = nil
	r.closeArchive()
}

// argumentName is how an input given as text (input.Argument) is named: by
// its position among the inputs.
func argumentName(i int) string { return fmt.Sprintf("argument %d", i) }

// openArchive makes the members of the zip archive f, in their order in
// it, the next inputs: a collection downloaded as a zip is solved without
// unzipping it.
func (r *inputs) openArchive(f *os.File, name string, members []*zip.File) error {
	r.members = members
	if len(r.members) == 0 {
		r.mu.Lock()
		r.empty = append(r.empty, displayName(name))
		r.mu.Unlock()
		return f.Close()
	}
	r.archive, r.archiveName = f, name
	return nil
}

// closeArchive closes the zip archive being read once no member is left.
func (r *inputs) closeArchive() {
	if r.archive != nil && len(r.members) == 0 {
		r.archive.Close()
		r.archive = nil
	}
}

func (r *inputs) fail(err error) {
	r.mu.Lock()
	r.failed = append(r.failed, failedInput{after: r.total, err: err})
	r.nFail++
	r.mu.Unlock()
}

// reportUpTo prints the inputs that failed before puzzle index (all of
// them for -1), so that stderr tells things in input order.
func (r *inputs) reportUpTo(index int, w io.Writer) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for len(r.failed) > 0 && (index < 0 || r.failed[0].after < index) {
		if f := r.failed[0]; f.text != "" {
			io.WriteString(w, f.text)
		} else {
			fmt.Fprintf(w, "satdoku: %v\n", f.err)
		}
		r.failed = r.failed[1:]
	}
}

// noteWriter returns a writer for notes about the puzzles being read:
// reportUpTo prints them, in input order, before the result of the puzzle
// they concern. Each write is one note of whole lines.
func (r *inputs) noteWriter() io.Writer { return inputNotes{r} }

type inputNotes struct{ r *inputs }

func (n inputNotes) Write(p []byte) (int, error) {
	n.r.mu.Lock()
	defer n.r.mu.Unlock()
	n.r.failed = append(n.r.failed, failedInput{after: n.r.total, text: string(p)})
	return len(p), nil
}

// refusal returns the error of check that ended the input, if any.
func (r *inputs) refusal() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.refused
}

// failures returns how many inputs could not be read.
func (r *inputs) failures() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.nFail
}

// emptyInputs names the inputs that held no puzzle.
func (r *inputs) emptyInputs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.empty...)
}

// lockedWriter serialises writes to w: the batch's fn and the reading
// goroutine both write to stderr.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// parseErrorOf returns err as a *board.ParseError, or nil. It is a
// function of its own so that its errors.As target, which escapes, is
// allocated only when it is called, not once per puzzle read.
func parseErrorOf(err error) *board.ParseError {
	if err == nil {
		return nil
	}
	var pe *board.ParseError
	if errors.As(err, &pe) {
		return pe
	}
	return nil
}
