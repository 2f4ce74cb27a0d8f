// Package atomicfile writes files that are either complete or absent: the
// content goes to a temporary file in the same folder, which is renamed
// to the file's name once it is all written and closed. A failed write (a
// full disk, an error of the writer) removes the temporary file, leaves
// whatever the name held before untouched, and returns an error that
// names the file, not the temporary one.
//
// The rename is atomic on POSIX systems: a reader sees the old file or the
// new one, never a part. The content is not flushed to the device
// (fsync): a crash of the machine may still lose a file the program
// reported written.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// tempPrefix starts the name of every temporary file, so that a folder
// listing shows what it is: ".NAME.tmp-12345678".
const tempPrefix = "."

// Write creates or replaces the file at path with what write writes, with
// permissions perm (before the umask) for a new file. The writer is
// buffered. When write or the file system fails, no file is left under a
// new name and the error, an *os.PathError for path unless write's own,
// wraps the cause (errors.Is(err, syscall.ENOSPC) for a full disk).
func Write(path string, perm os.FileMode, write func(w io.Writer) error) error {
	f, tmp, err := create(path, perm)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	err = write(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return named(path, err)
	}
	return nil
}

// WriteFile is Write of data, as os.WriteFile is of data.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// create opens a new temporary file beside path.
func create(path string, perm os.FileMode) (*os.File, string, error) {
	dir, base := filepath.Split(path)
	for range 100 {
		tmp := filepath.Join(dir, fmt.Sprintf("%s%s.tmp-%08x", tempPrefix, base, rand.Uint32()))
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return nil, "", named(path, err)
		}
		return f, tmp, nil
	}
	return nil, "", &os.PathError{Op: "create", Path: path, Err: errors.New("no free temporary name beside it")}
}

// named returns err as an error about path: a file system error names the
// file the caller asked for, not its temporary name; any other error (the
// writer's own) is wrapped with the path in front.
func named(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return &os.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &os.PathError{Op: le.Op, Path: path, Err: le.Err}
	}
	return fmt.Errorf("writing %s: %w", path, err)
}
