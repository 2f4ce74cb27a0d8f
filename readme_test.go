package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/internal/race"
)

// These tests hold the README to what satdoku does: its tour is run
// command by command, its install instructions are followed, and its
// library program is built in a module of its own.

// cliEnv makes this test binary act as satdoku (main) instead of running
// the tests: the tour's shell commands find it on their PATH.
const cliEnv = "SATDOKU_README_TEST_CLI"

func TestMain(m *testing.M) {
	batch.ServeWorkerIfChild()
	if os.Getenv(cliEnv) == "1" {
		main()
	}
	os.Exit(m.Run())
}

// readme returns the README's text.
func readme(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// tourCommand is one "$ command" line of a console block and the output
// shown under it.
type tourCommand struct {
	line    int // in the README, 1-based
	command string
	output  []string
}

// consoleBlocks returns the commands of each console block, in order.
func consoleBlocks(text string) [][]tourCommand {
	var blocks [][]tourCommand
	var cur []tourCommand
	in := false
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case !in && l == "```console":
			in, cur = true, nil
		case in && l == "```":
			in = false
			blocks = append(blocks, cur)
		case in && strings.HasPrefix(l, "$ "):
			cur = append(cur, tourCommand{line: n, command: l[2:]})
		case in && len(cur) > 0:
			cur[len(cur)-1].output = append(cur[len(cur)-1].output, l)
		}
	}
	return blocks
}

// varying are the parts of the output that differ from run to run, as
// the README's comment before the tour lists them: they are replaced on
// both sides before the comparison.
var varying = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`"micros":\d+`), `"micros":N`},
	{regexp.MustCompile(` in [0-9][0-9.a-zµ]* \(\d+ puzzles/s\)`), ` in TIME (RATE puzzles/s)`},
	{regexp.MustCompile(`^c satdoku [^,]*, `), `c satdoku VERSION, `},
	{regexp.MustCompile(`^\* satdoku [^,]*, `), `* satdoku VERSION, `},
}

func normalize(lines []string) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		for _, v := range varying {
			l = v.re.ReplaceAllString(l, v.with)
		}
		out[i] = l
	}
	return strings.Join(out, "\n")
}

// satdokuOnPath returns the environment in which "satdoku" is this test
// binary acting as the command line.
func satdokuOnPath(t *testing.T) []string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(dir, "satdoku")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	return append(os.Environ(), cliEnv+"=1", "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// solvers are the programs the tour uses besides satdoku, with their
// Debian packages.
var solvers = map[string]string{"cadical": "cadical", "minisat": "minisat"}

// TestReadmeTour runs every command of the README's console blocks, each
// block in a scratch directory holding the checkout's testdata, and
// compares what it prints with what the README shows. satdoku's messages
// ("satdoku: …") go to stderr and its results to stdout, so the two are
// compared apart, each in its order.
func TestReadmeTour(t *testing.T) {
	race.SkipExternal(t)
	if runtime.GOOS == "windows" {
		t.Skip("the tour is shell commands")
	}
	blocks := consoleBlocks(readme(t))
	if len(blocks) < 5 {
		t.Fatalf("%d console blocks in the README", len(blocks))
	}
	env := satdokuOnPath(t)
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	commands := 0
	for _, block := range blocks {
		dir := t.TempDir()
		if err := os.Symlink(testdata, filepath.Join(dir, "testdata")); err != nil {
			t.Fatal(err)
		}
	commands:
		for _, c := range block {
			for word, pkg := range solvers {
				if !regexp.MustCompile(`\b` + word + `\b`).MatchString(c.command) {
					continue
				}
				if _, err := exec.LookPath(word); err != nil {
					if os.Getenv("SATDOKU_REQUIRE_SOLVERS") == "1" {
						t.Errorf("README line %d needs %s (Debian package %s), and SATDOKU_REQUIRE_SOLVERS=1", c.line, word, pkg)
					} else {
						t.Logf("README line %d skipped: %s is not installed (Debian package %s)", c.line, word, pkg)
					}
					continue commands
				}
			}
			commands++
			cmd := exec.Command("bash", "-c", c.command)
			cmd.Dir, cmd.Env = dir, env
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.Run() // the exit code is not shown; the output is
			var wantOut, wantErr []string
			for _, l := range c.output {
				if strings.HasPrefix(l, "satdoku: ") {
					wantErr = append(wantErr, l)
				} else {
					wantOut = append(wantOut, l)
				}
			}
			if got, want := normalize(lines(stdout.String())), normalize(wantOut); got != want {
				t.Errorf("README line %d: $ %s\nstdout:\n%s\nthe README shows:\n%s", c.line, c.command, got, want)
			}
			if got, want := normalize(lines(stderr.String())), normalize(wantErr); got != want {
				t.Errorf("README line %d: $ %s\nstderr:\n%s\nthe README shows:\n%s", c.line, c.command, got, want)
			}
		}
	}
	if commands < 15 {
		t.Errorf("only %d commands of the tour were run", commands)
	}
}

// lines splits output into lines, without the last newline.
func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// TestReadmeGoVersion: the Go version the README asks for is go.mod's.
func TestReadmeGoVersion(t *testing.T) {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(mod)
	if m == nil {
		t.Fatal("no go line in go.mod")
	}
	if want := "Go " + string(m[1]) + " or later"; !strings.Contains(readme(t), want) {
		t.Errorf("the README does not say %q", want)
	}
}

// sectionCode returns the lines of the code blocks of one language in the
// README's section under heading, block after block.
func sectionCode(t *testing.T, heading, lang string) []string {
	t.Helper()
	_, section, ok := strings.Cut(readme(t), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no %q in the README", heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var out []string
	for {
		var block string
		if _, section, ok = strings.Cut(section, "```"+lang+"\n"); !ok {
			break
		}
		block, section, _ = strings.Cut(section, "```")
		out = append(out, lines(block)...)
	}
	if len(out) == 0 {
		t.Fatalf("no %s block under %q", lang, heading)
	}
	return out
}

// goCommand runs the go command in dir with env added.
func goCommand(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestReadmeInstall follows the README's install line: "go install ."
// in the checkout installs a satdoku that runs.
func TestReadmeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("links the whole program: not with -short")
	}
	block := sectionCode(t, "## Install", "sh")
	if len(block) == 0 || !strings.HasPrefix(block[0], "go install . ") {
		t.Fatalf("the install block does not start with go install .: %q", block)
	}
	bin := t.TempDir()
	goCommand(t, ".", []string{"GOBIN=" + bin}, "install", ".")
	out, err := exec.Command(filepath.Join(bin, "satdoku"), "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), "satdoku version ") {
		t.Errorf("the installed satdoku --version: %q, %v", out, err)
	}
}

// TestReadmeLibrary builds the README's library program in a module of
// its own, which requires satdoku as the README says (with the checkout
// as the replacement), and runs it on three puzzles.
func TestReadmeLibrary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own: not with -short")
	}
	checkout, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	var edit string
	for _, l := range sectionCode(t, "## Install", "sh") {
		if strings.HasPrefix(l, "go mod edit ") {
			edit = l
		}
	}
	if !strings.Contains(edit, "=../satdoku") {
		t.Fatalf("no go mod edit line replacing with ../satdoku in the README's install block: %q", edit)
	}
	program := sectionCode(t, "## Library", "go")
	for i, l := range program {
		if l == "}" { // the end of main: the program is the first block
			program = program[:i+1]
			break
		}
	}
	if program[0] != "package main" {
		t.Fatalf("the first go block under Library is not a program:\n%s", strings.Join(program, "\n"))
	}
	dir := t.TempDir()
	// Everything from the module cache and this checkout: no network.
	env := []string{"GOPROXY=off", "GOFLAGS=-mod=mod", "GOWORK=off"}
	goCommand(t, dir, env, "mod", "init", "example.com/solver")
	args := strings.Fields(strings.ReplaceAll(edit, "=../satdoku", "="+checkout))
	goCommand(t, dir, env, args[1:]...)
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(strings.Join(program, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	goCommand(t, dir, env, "mod", "tidy")
	goCommand(t, dir, env, "build", "-o", "solver", ".")
	cmd := exec.Command(filepath.Join(dir, "solver"))
	cmd.Stdin = strings.NewReader("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n12345x\n" +
		"2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......\n")
	out, err := cmd.CombinedOutput()
	want := "1 468931527751624839392578461134756298289413675675289314846192753513867942927345186\n2 invalid\n3 239847561614592738785613924396475812871329456542168379427951683163784295958236147\n"
	if err != nil || string(out) != want {
		t.Errorf("the README's program: %v\n%s\nwant\n%s", err, out, want)
	}
}

// TestGitignore: the binaries the README's commands build in the checkout
// are ignored by git, so that they neither show as untracked files nor
// mark the version of the next build as modified (+dirty).
func TestGitignore(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	if err := exec.Command("git", "rev-parse", "--git-dir").Run(); err != nil {
		t.Skip("not a git checkout")
	}
	for _, name := range []string{"satdoku", "satdoku.exe", "app/app.test"} {
		if err := exec.Command("git", "check-ignore", "-q", name).Run(); err != nil {
			t.Errorf("git does not ignore %s: %v", name, err)
		}
	}
}
