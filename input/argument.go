package input

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"unicode/utf8"
)

// Argument tells a command-line argument that is a puzzle from one that
// names a file. It returns the puzzle's text and true when the argument
// is a puzzle, and false when it is to be opened as a file (which may then
// be missing). The rule, in order:
//
//  1. A name that exists (a file, a directory, a broken link) is that,
//     whatever it looks like; so is one whose lookup fails for another
//     reason than its absence (the error is then reported).
//  2. Text that cannot be a path is a puzzle: it has a line break (a grid
//     pasted as one argument: satdoku solve "$(cat puzzle.txt)"), or it is
//     in a format of the detection table other than Text (a link, JSON, a
//     killer string, an Interactive Sudoku Solver string, …), or it is 16
//     characters or more, holds a digit and no '/' or '\', and is made of
//     puzzle symbols only: digits and ". * _ - | , +" and spaces, and
//     letters too once it is 81 characters long (a 16×16 puzzle's).
//  3. Anything else is a file name, reported missing if it is.
//
// So a typo'd puzzle ("4...3....", 80 symbols) is read, and diagnosed as
// the same text on standard input is, rather than reported as a missing
// file; and "puzzles.txt" that is not there stays a missing file.
func Argument(arg string) (string, bool) {
	if _, err := os.Lstat(arg); !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENAMETOOLONG) {
		return "", false // a file, or an error to report as one
	}
	t := strings.TrimSpace(arg)
	switch {
	case t == "":
		return "", false
	case strings.ContainsAny(t, "\n\r"):
		return arg, true
	case Detect(t) != Text, puzzleSymbols(t):
		return t, true
	}
	return "", false
}

// puzzleSymbols reports whether t is made of the symbols of a puzzle on
// one line (rule 2 of Argument).
func puzzleSymbols(t string) bool {
	n := utf8.RuneCountInString(t)
	if n < 16 || !strings.ContainsAny(t, "0123456789") {
		return false
	}
	for _, c := range t {
		switch {
		case c >= '0' && c <= '9', strings.ContainsRune(".*_-|,+ \t", c):
		case n >= 81 && (c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'):
		default:
			return false
		}
	}
	return true
}
