package input

import (
	"archive/zip"
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf16"
	"unicode/utf8"
)

// textInput returns src as UTF-8 text, buffered in size bytes: a UTF-8
// byte order mark at the start is skipped, UTF-16 text with its byte order
// mark (as Windows PowerShell's '>' writes files) is decoded, and gzip
// data (as puzzle collections are often shipped, *.gz) is decompressed, so
// that none of them hides an input's format or makes it invalid.
func Decode(src io.Reader, size int) *bufio.Reader {
	br := bufio.NewReaderSize(src, size)
	b, _ := br.Peek(3)
	switch {
	case len(b) == 3 && string(b) == "PK\x03":
		// A zip archive needs random access: one given by name is opened
		// as such (inputs.openArchive, eachMember); a stream of one is an
		// error.
		return bufio.NewReaderSize(errReader{errZipStream}, size)
	case len(b) >= 2 && b[0] == 0x1F && b[1] == 0x8B:
		if zr, err := gzip.NewReader(br); err == nil {
			return Decode(zr, size)
		}
		// Not gzip after all: the readers report what they find.
	case len(b) == 3 && string(b) == "\ufeff":
		br.Discard(3)
	case len(b) >= 2 && (b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF):
		br.Discard(2)
		return bufio.NewReaderSize(&utf16Reader{r: br, big: b[0] == 0xFE}, size)
	}
	return br
}

// utf16Reader decodes UTF-16 text (little-endian unless big) into UTF-8.
// An unpaired surrogate or a last odd byte reads as U+FFFD, which the
// readers then report as a character that is no Sudoku symbol.
type utf16Reader struct {
	r       *bufio.Reader
	big     bool
	pending []byte // the encoding of the last rune, not yet all returned
	scratch [utf8.UTFMax]byte
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(u.pending) > 0 {
			c := copy(p[n:], u.pending)
			u.pending, n = u.pending[c:], n+c
			continue
		}
		if n > 0 && u.r.Buffered() < 2 {
			return n, nil // what is decoded, without waiting for more
		}
		r, err := u.next()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		u.pending = utf8.AppendRune(u.scratch[:0], r)
	}
	return n, nil
}

// next decodes one rune.
func (u *utf16Reader) next() (rune, error) {
	a, err := u.unit()
	if err != nil {
		return 0, err
	}
	if !utf16.IsSurrogate(a) {
		return a, nil
	}
	b, err := u.unit()
	if err != nil {
		return utf8.RuneError, nil
	}
	return utf16.DecodeRune(a, b), nil
}

// unit reads one UTF-16 code unit; a last odd byte is U+FFFD.
func (u *utf16Reader) unit() (rune, error) {
	var b [2]byte
	switch _, err := io.ReadFull(u.r, b[:]); err {
	case nil:
	case io.ErrUnexpectedEOF:
		return utf8.RuneError, nil
	default:
		return 0, err
	}
	if u.big {
		return rune(b[0])<<8 | rune(b[1]), nil
	}
	return rune(b[1])<<8 | rune(b[0]), nil
}

// errZipStream is the read error of a zip archive that is not a named file.
var errZipStream = errors.New("this is a zip archive, which satdoku reads file by file when it is given by its name, not on standard input")

// errReader is a reader that fails with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// OpenFile opens the named input file; a directory is an error that says
// to give the files in it.
func OpenFile(name string) (*os.File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s is a directory: give the files in it (such as %s)", name, filepath.Join(name, "*"))
	}
	return f, nil
}

// ZipMembers returns the files of f, in their order in it, directories
// left out, when f is a zip archive (it starts as one does), so that a
// collection downloaded as a zip is read without unzipping it; ok is false
// for any other file.
func ZipMembers(f *os.File) (members []*zip.File, ok bool, err error) {
	var magic [4]byte
	if n, _ := f.ReadAt(magic[:], 0); n != 4 || string(magic[:]) != "PK\x03\x04" && string(magic[:]) != "PK\x05\x06" {
		return nil, false, nil
	}
	st, err := f.Stat()
	if err != nil {
		return nil, true, err
	}
	zr, err := zip.NewReader(f, st.Size())
	if err != nil {
		return nil, true, err
	}
	for _, m := range zr.File {
		if !m.FileInfo().IsDir() {
			members = append(members, m)
		}
	}
	return members, true, nil
}
