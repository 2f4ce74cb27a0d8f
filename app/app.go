// Package app is the satdoku command line: the urfave/cli/v2 application,
// its commands and flags, batch orchestration and exit codes. Everything it
// does is a call into the library packages; main only runs it.
package app

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"

	inputpkg "github.com/satdoku/satdoku/input"
	"github.com/urfave/cli/v2"
)

// Exit codes. When several puzzles of a batch end differently, the largest
// applicable code of 3..6 is returned; 2 ends the run at once, and so does
// 1 but for an input file that cannot be read: the other inputs are still
// solved, and 1 is returned.
const (
	ExitOK         = 0   // every puzzle solved (or counted, or decoded)
	ExitError      = 1   // a fatal error (failed write, internal error), or an input file that could not be read
	ExitUsage      = 2   // bad command line: unknown flag, bad value, missing argument
	ExitNoSolution = 3   // at least one puzzle has no solution
	ExitInvalid    = 4   // at least one puzzle could not be read, or the input held none
	ExitTimeout    = 5   // at least one puzzle timed out or its solver gave up (undecided)
	ExitFailed     = 6   // engines disagree (--engine both) or an external solver failed
	ExitInterrupt  = 130 // stopped by SIGINT (Ctrl-C); 143 for SIGTERM
)

const exitCodesHelp = `EXIT CODES:
   0  every puzzle solved
   1  fatal error (failed write), or an input file that could not be read
      (the other files are still solved; 1 then wins over 3-6)
   2  usage error (bad flag or argument)
   3  at least one puzzle has no solution
   4  at least one puzzle is invalid (such as an f-puzzles constraint satdoku
      does not implement: the error names it), or the input holds no puzzle
   5  at least one puzzle timed out (--timeout) or was left undecided
   6  engines disagree (--engine both) or the external solver failed
   130/143  stopped by SIGINT (Ctrl-C) or SIGTERM (the results so far are printed)
   141  standard output closed early (as by '| head'): stopped quietly
   When several apply, the largest of 3-6 wins.`

// brokenPipeHelp is the line of the exit-code tables for a closed stdout.
const brokenPipeHelp = `   141  standard output closed early (as by '| head'): stopped quietly`

// exitError carries an exit code with the message to print.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil { // the exit code of a program that ran in this one's place
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}
func (e *exitError) Unwrap() error { return e.err }

// ExitCode implements cli.ExitCoder.
func (e *exitError) ExitCode() int { return e.code }

func exitf(code int, format string, args ...any) error {
	return &exitError{code, fmt.Errorf(format, args...)}
}

func usagef(format string, args ...any) error { return exitf(ExitUsage, format, args...) }

// silentExit ends the run with a code; what needed saying is said already.
func silentExit(code int) error { return &exitError{code, nil} }

// Exitf returns the error that ends a command with an exit code and a
// message, for the commands of other packages (see Command).
func Exitf(code int, format string, args ...any) error { return exitf(code, format, args...) }

// Usagef returns the error of a bad command line (ExitUsage), for the
// commands of other packages (see Command).
func Usagef(format string, args ...any) error { return usagef(format, args...) }

// Command makes a command of the application from the streams of a run.
// It is how the program's main adds commands that live above app, which
// app does not import (satdoku serve, in package web/serve): they go
// before "completion", with the flag handling and exit codes of the rest.
type Command func(Streams) *cli.Command

// Streams are the standard streams a run works on, as a Command gets them.
type Streams struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Main runs the command line with the given arguments and streams, with
// the commands of extra too, and returns the process exit code. It never
// calls os.Exit.
//
// Batches run worker processes that are this executable started again:
// the program's main calls batch.ServeWorkerIfChild before Main.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer, extra ...Command) int {
	return runApp(&streams{stdin: stdin, stdout: stdout, stderr: stderr, extra: extra}, args)
}

// cliMu serialises the parsing of command lines: urfave/cli/v2 writes
// to package-level flags (cli.HelpFlag, cli.VersionFlag) in every Run. The
// commands' work runs after, outside it, so that tests can run several
// command lines at once in one process.
var cliMu sync.Mutex

func runApp(s *streams, args []string) int {
	stderr := s.stderr
	// A closed stdout pipe makes writes fail with EPIPE, which ends the run
	// quietly below, instead of killing the process with SIGPIPE before it
	// could stop its worker processes and external solvers.
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	defer signal.Stop(pipe)
	watch := &stdoutWatch{w: s.stdout}
	watched := *s
	watched.stdout = watch
	s = &watched
	err := runCommand(s, args)
	werr := watch.failed()
	switch {
	case werr != nil && isBrokenPipe(werr):
		return ExitBrokenPipe
	case err == nil && werr != nil:
		fmt.Fprintf(stderr, "satdoku: writing output: %v\n", werr)
		return ExitError
	case err == nil:
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(stderr, "satdoku: %v\n", ee.err)
		}
		return ee.code
	}
	// Errors not made by our actions come from urfave/cli's flag parsing.
	fmt.Fprintf(stderr, "satdoku: %v\n", err)
	return ExitUsage
}

// runCommand runs the command line on s and returns the error that ends
// it: nil, an *exitError, or a usage error of urfave/cli's.
func runCommand(s *streams, args []string) error {
	a := newApp(s)
	if n := len(args); n > 0 && args[n-1] == completeFlag {
		printCompletion(s.stdout, a, args[1:n-1])
		return nil
	}
	var work func() error // the command that Run chose, with its context
	deferAction := func(act cli.ActionFunc) cli.ActionFunc {
		return func(c *cli.Context) error {
			work = func() error { return act(c) }
			return nil
		}
	}
	a.Action = deferAction(a.Action)
	for _, c := range a.Commands {
		c.Action = deferAction(c.Action)
	}
	args, err := tidyArgs(a, args)
	if err != nil {
		return err
	}
	if cmd, help, long := helpRequest(a, args); help && !long {
		printShortHelp(s.stdout, a, cmd)
		return nil
	} else if help {
		args = withoutLong(args)
	}
	cliMu.Lock()
	err = a.Run(flagsFirst(a, args))
	cliMu.Unlock()
	if err == nil && work != nil {
		err = work()
	}
	return err
}

// streams are the standard streams an App works on, so that tests can run
// the whole CLI in memory.
type streams struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// worker starts batch worker processes (batch.Options.Worker); nil:
	// this executable, which main lets serve them.
	worker func() (*exec.Cmd, error)
	// quiet is --quiet: no note about reading a terminal.
	quiet bool
	// extra are the commands that Main was given.
	extra []Command
}

// New returns the satdoku application reading stdin and writing stdout and
// stderr, with the commands of extra too.
func New(stdin io.Reader, stdout, stderr io.Writer, extra ...Command) *cli.App {
	return newApp(&streams{stdin: stdin, stdout: stdout, stderr: stderr, extra: extra})
}

func newApp(io *streams) *cli.App {
	solve := solveCommand(io)
	a := &cli.App{
		Name:    "satdoku",
		Usage:   "solve Sudoku of any size by SAT, cross-checked by a native backtracker",
		Version: version(),
		Description: `With no command, satdoku solves the puzzles on standard input (or in the
files named), like 'satdoku solve': the classic exchange of nine lines of
nine digits ('0' blank) in and nine lines out works unchanged.

   satdoku < puzzle.txt
   satdoku solve --output json puzzles.txt
   satdoku encode puzzle.txt | cadical -q | satdoku decode --puzzle puzzle.txt

'satdoku help COMMAND' (or 'satdoku COMMAND --help') explains a command in
one screen; 'satdoku help COMMAND --long' gives all of it.

` + exitCodesHelp,
		Reader:          io.stdin,
		Writer:          io.stdout,
		ErrWriter:       io.stderr,
		HideHelpCommand: true,
		Flags:           solve.Flags,
		Action:          solve.Action,
		ArgsUsage:       "[FILE|-]...",
		Commands: []*cli.Command{
			solve,
			generateCommand(io),
			encodeCommand(io),
			decodeCommand(io),
			benchCommand(io),
			renderCommand(io),
			hintCommand(io),
		},
		ExitErrHandler: func(*cli.Context, error) {}, // Main maps errors to exit codes
	}
	for _, command := range io.extra {
		a.Commands = append(a.Commands, command(Streams{Stdin: io.stdin, Stdout: io.stdout, Stderr: io.stderr}))
	}
	a.Commands = append(a.Commands, completionCommand(io))
	// A usage error gets one line and a pointer to the help, not the whole help.
	a.OnUsageError = func(_ *cli.Context, err error, _ bool) error {
		return usagef("%s (see 'satdoku --help')", usageMessage(err, a.Flags))
	}
	for _, f := range a.Flags {
		quietBoolDefault(f)
	}
	for _, c := range a.Commands {
		for _, f := range c.Flags {
			quietBoolDefault(f)
		}
		name, flags := c.Name, c.Flags
		// No "help" subcommand: "satdoku solve help" would offer it in
		// completion instead of file names ("satdoku help solve" works).
		c.HideHelpCommand = true
		c.OnUsageError = func(_ *cli.Context, err error, _ bool) error {
			return usagef("%s: %s (see 'satdoku %s --help')", name, usageMessage(err, flags), name)
		}
	}
	return a
}

// quietBoolDefault drops "(default: false)" from a boolean flag's help:
// a switch is off unless given.
func quietBoolDefault(f cli.Flag) {
	if b, ok := f.(*cli.BoolFlag); ok {
		b.DisableDefaultText = true
	}
}

// Version returns the module version and VCS revision from the build
// info: what --version prints.
func Version() string { return version() }

// version returns the module version and VCS revision from the build info.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		v += " " + rev + dirty
	}
	return v
}

// forEachInput calls fn with the reader of each named input ("-" or none:
// stdin, which holds what), one at a time, so that a batch of files
// streams. The reader is textInput's: UTF-8, whatever byte order mark the
// input starts with, and decompressed. A zip archive given by name is its
// files, each an input named archive/member.
func (s *streams) forEachInput(names []string, what string, fn func(name string, r io.Reader) error) error {
	if len(names) == 0 {
		names = []string{"-"}
	}
	for i, name := range names {
		if name == "-" {
			s.noteTerminal(what)
			if err := fn("-", inputpkg.Decode(s.stdin, 64<<10)); err != nil {
				return err
			}
			continue
		}
		if text, ok := inputpkg.Argument(name); ok {
			if err := fn(argumentName(i+1), strings.NewReader(text+"\n")); err != nil {
				return err
			}
			continue
		}
		f, err := inputpkg.OpenFile(name)
		if err != nil {
			return exitf(ExitError, "%v", err)
		}
		if members, zip, zerr := inputpkg.ZipMembers(f); zip {
			err = eachMember(members, zerr, name, fn)
		} else {
			err = fn(name, inputpkg.Decode(f, bufferFor(f)))
		}
		f.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// bufferFor returns the read buffer's size for f: 64 KiB, or less for a
// smaller regular file, since every fresh page a short run touches costs
// a page fault (a hint reads a file of a few hundred bytes).
func bufferFor(f *os.File) int {
	const most = 64 << 10
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() < most {
		return max(int(st.Size())+1, 4096)
	}
	return most
}

// eachMember calls fn with the reader of each member of the zip archive
// name (input.ZipMembers, which failed with err if not nil), named
// archive/member, in their order in it.
func eachMember(members []*zip.File, err error, name string, fn func(name string, r io.Reader) error) error {
	if err != nil {
		return exitf(ExitError, "%s: %v", name, err)
	}
	for _, m := range members {
		rc, err := m.Open()
		if err != nil {
			return exitf(ExitError, "%s/%s: %v", name, m.Name, err)
		}
		err = fn(name+"/"+m.Name, inputpkg.Decode(rc, 64<<10))
		rc.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// noteTerminal says on stderr, when standard input is a terminal, that
// satdoku is reading what from it and how to end, so that a bare
// "satdoku" does not wait in silence.
func (s *streams) noteTerminal(what string) {
	if s.quiet || !isTerminal(s.stdin) {
		return
	}
	end := "Ctrl-D"
	if runtime.GOOS == "windows" {
		end = "Ctrl-Z and Enter"
	}
	fmt.Fprintf(s.stderr, "satdoku: reading %s from standard input (the terminal): type or paste, then press %s to end (Ctrl-C stops; 'satdoku --help' for help)\n", what, end)
}

// displayName is how errors name an input.
func displayName(name string) string {
	if name == "-" {
		return "stdin"
	}
	return name
}

// flagsFirst moves the flags that follow a command's file arguments in
// front of them, so that "satdoku solve p.txt --unique" means what it
// says (urfave/cli stops reading flags at the first argument). Everything
// after "--" stays as it is.
func flagsFirst(a *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	flags := a.Flags
	start := 1
	for _, c := range a.Commands {
		if args[1] == c.Name {
			if c.SkipFlagParsing { // its arguments are another program's
				return args
			}
			flags, start = c.Flags, 2
		}
	}
	takesValue := map[string]bool{}
	for _, f := range flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, name := range f.Names() {
			takesValue[name] = !isBool
		}
	}
	var front, files []string
	rest := args[start:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			files = append(files, rest[i:]...)
			i = len(rest)
		case len(a) > 2 && a[0] == '-' && a[1] != '-' && takesValue[a[1:2]] && !takesValue[a[1:]]:
			front = append(front, a[:2], a[2:]) // -j2 is -j 2
		case len(a) > 1 && a[0] == '-':
			front = append(front, a)
			name := strings.TrimLeft(a, "-")
			if takesValue[name] && !strings.Contains(name, "=") && i+1 < len(rest) {
				i++
				front = append(front, rest[i])
			}
		default:
			files = append(files, a)
		}
	}
	out := append([]string{}, args[:start]...)
	out = append(out, front...)
	return append(out, files...)
}
