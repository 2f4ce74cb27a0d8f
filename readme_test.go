package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/internal/race"
)

// These tests hold the README and docs/ to what satdoku does: their tours are run
// command by command, its install instructions are followed, and its
// library program (docs/library.md) is built in a module of its own.

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
	return docText(t, "README.md")
}

// docText returns the text of a documentation file of the checkout.
func docText(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.FromSlash(name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// docFiles returns the README and the pages of docs/, the README first.
func docFiles(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 5 {
		t.Fatalf("only %d pages in docs/: %q", len(pages), pages)
	}
	sort.Strings(pages)
	files := []string{"README.md"}
	for _, p := range pages {
		files = append(files, filepath.ToSlash(p))
	}
	return files
}

// tourCommand is one "$ command" line of a console block and the output
// shown under it.
type tourCommand struct {
	line    int // in its file, 1-based
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

// shellCommands returns the lines of the sh blocks that are satdoku
// commands, blocks where every line that is not blank or a comment runs
// satdoku (the cheat-sheet, the pictures of docs/tour.md); the other sh
// blocks (go install, shell set-up, GNU parallel) are run by tests of
// their own.
func shellCommands(text string) []tourCommand {
	var out, cur []tourCommand
	in, all := false, true
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case !in && l == "```sh":
			in, all, cur = true, true, nil
		case in && l == "```":
			in = false
			if all {
				out = append(out, cur...)
			}
		case in && (strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#")):
		case in && strings.HasPrefix(l, "satdoku "):
			cur = append(cur, tourCommand{line: n, command: l})
		case in:
			all = false
		}
	}
	return out
}

// varying are the parts of the output that differ from run to run, as
// the comment before docs/tour.md's tour lists them: they are replaced on
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

// missingSolver reports whether command needs a solver that is not
// installed: the command is then skipped, or fails the test when
// SATDOKU_REQUIRE_SOLVERS=1.
func missingSolver(t *testing.T, where, command string) bool {
	t.Helper()
	for word, pkg := range solvers {
		if !regexp.MustCompile(`\b` + word + `\b`).MatchString(command) {
			continue
		}
		if _, err := exec.LookPath(word); err != nil {
			if os.Getenv("SATDOKU_REQUIRE_SOLVERS") == "1" {
				t.Errorf("%s needs %s (Debian package %s), and SATDOKU_REQUIRE_SOLVERS=1", where, word, pkg)
			} else {
				t.Logf("%s skipped: %s is not installed (Debian package %s)", where, word, pkg)
			}
			return true
		}
	}
	return false
}

// scratch returns a new directory holding a link to the checkout's
// testdata, where the commands of the documentation run.
func scratch(t *testing.T) string {
	t.Helper()
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(testdata, filepath.Join(dir, "testdata")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestReadmeTour runs every command of the console blocks of the README
// and of docs/*.md, each block in a scratch directory holding the
// checkout's testdata, and compares what it prints with what the page
// shows. satdoku's messages ("satdoku: …", with the indented lines under
// one) go to stderr and its results to
// stdout, so the two are compared apart, each in its order.
func TestReadmeTour(t *testing.T) {
	race.SkipExternal(t)
	if runtime.GOOS == "windows" {
		t.Skip("the tour is shell commands")
	}
	env := satdokuOnPath(t)
	commands := 0
	for _, file := range docFiles(t) {
		blocks := consoleBlocks(docText(t, file))
		if file == "README.md" && len(blocks) < 2 {
			t.Errorf("%d console blocks in the README", len(blocks))
		}
		for _, block := range blocks {
			dir := scratch(t)
			for _, c := range block {
				where := fmt.Sprintf("%s line %d", file, c.line)
				if missingSolver(t, where, c.command) {
					continue
				}
				commands++
				cmd := exec.Command("bash", "-c", c.command)
				cmd.Dir, cmd.Env = dir, env
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				cmd.Run() // the exit code is not shown; the output is
				// A message's indented lines (a list under it) are the
				// message's too.
				var wantOut, wantErr []string
				inErr := false
				for _, l := range c.output {
					inErr = strings.HasPrefix(l, "satdoku: ") || inErr && strings.HasPrefix(l, "   ")
					if inErr {
						wantErr = append(wantErr, l)
					} else {
						wantOut = append(wantOut, l)
					}
				}
				if got, want := normalize(lines(stdout.String())), normalize(wantOut); got != want {
					t.Errorf("%s: $ %s\nstdout:\n%s\nthe page shows:\n%s", where, c.command, got, want)
				}
				if got, want := normalize(lines(stderr.String())), normalize(wantErr); got != want {
					t.Errorf("%s: $ %s\nstderr:\n%s\nthe page shows:\n%s", where, c.command, got, want)
				}
			}
		}
	}
	if commands < 30 {
		t.Errorf("only %d commands of the README and docs were run", commands)
	}
}

// TestReadmeShellCommands runs each satdoku command of the sh blocks of
// the README (its cheat-sheet) and of docs/*.md, each in a scratch
// directory holding the checkout's testdata: each must succeed (exit 0,
// or 3 where the puzzle has no solution, as the command asks why).
// "satdoku serve" serves until it is stopped: web/serve's tests serve.
func TestReadmeShellCommands(t *testing.T) {
	race.SkipExternal(t)
	if runtime.GOOS == "windows" {
		t.Skip("these are shell commands")
	}
	env := satdokuOnPath(t)
	cheats := 0
	for _, file := range docFiles(t) {
		for _, c := range shellCommands(docText(t, file)) {
			where := fmt.Sprintf("%s line %d", file, c.line)
			if file == "README.md" {
				cheats++
			}
			if strings.HasPrefix(c.command, "satdoku serve") {
				t.Logf("%s: not run: it serves until stopped", where)
				continue
			}
			if missingSolver(t, where, c.command) {
				continue
			}
			cmd := exec.Command("bash", "-c", c.command)
			cmd.Dir, cmd.Env = scratch(t), env
			out, err := cmd.CombinedOutput()
			code := cmd.ProcessState.ExitCode()
			if err != nil && code != 3 {
				t.Errorf("%s: $ %s: %v\n%s", where, c.command, err, out)
			}
			if code == 3 && !strings.Contains(c.command, "--explain") {
				t.Errorf("%s: $ %s: no solution (exit 3)\n%s", where, c.command, out)
			}
		}
	}
	if cheats < 10 {
		t.Errorf("the README's cheat-sheet has %d satdoku commands, want ten", cheats)
	}
}

// TestReadmeFirstLines: the README starts with the two commands a
// newcomer runs, and they are true: the first solves a puzzle of the
// checkout (run here as "satdoku solve"), the second is the test command
// that .ci/run runs.
func TestReadmeFirstLines(t *testing.T) {
	text := readme(t)
	_, first, ok := strings.Cut(text, "```sh\n")
	if !ok || strings.Index(text, "```sh\n") > 200 {
		t.Fatalf("the README does not start with a sh block")
	}
	block := lines(strings.SplitN(first, "```", 2)[0])
	if len(block) != 2 {
		t.Fatalf("the first block has %d lines, want two: %q", len(block), block)
	}
	run, _, _ := strings.Cut(block[0], "#")
	args := strings.Fields(run)
	if len(args) < 4 || strings.Join(args[:3], " ") != "go run ." {
		t.Fatalf("the first line does not go run the checkout: %q", block[0])
	}
	cmd := exec.Command(os.Args[0], args[3:]...)
	cmd.Env = append(os.Environ(), cliEnv+"=1")
	out, err := cmd.Output()
	if want := docText(t, "testdata/boj-sample.out"); err != nil || string(out) != want {
		t.Errorf("satdoku %s: %v\n%s\nwant\n%s", strings.Join(args[3:], " "), err, out, want)
	}
	test, _, _ := strings.Cut(block[1], "#")
	test = strings.TrimSpace(test)
	if !strings.HasPrefix(test, "go test ") || !strings.Contains(test, " ./... ") {
		t.Errorf("the second line is not the test command: %q", block[1])
	}
	if ci := docText(t, ".ci/run"); !strings.Contains(ci, "'"+test+"'") {
		t.Errorf(".ci/run does not run the README's test command %q as it is written", test)
	}
}

// markdownLink matches a link of a Markdown page: [text](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocLinks: every link of the README and of docs/*.md to a file of
// the checkout names one that exists, and its #anchor, if any, a heading
// of that page (as GitHub makes anchors of headings).
func TestDocLinks(t *testing.T) {
	anchors := map[string]map[string]bool{}
	headingsOf := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		a := map[string]bool{}
		for _, l := range strings.Split(docText(t, file), "\n") {
			if strings.HasPrefix(l, "#") && strings.Contains(l, "# ") {
				a[anchor(strings.TrimSpace(strings.TrimLeft(l, "#")))] = true
			}
		}
		anchors[file] = a
		return a
	}
	links := 0
	for _, file := range docFiles(t) {
		for _, m := range markdownLink.FindAllStringSubmatch(docText(t, file), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			links++
			path, frag, _ := strings.Cut(target, "#")
			if path == "" {
				path = file
			} else {
				path = filepath.ToSlash(filepath.Join(filepath.Dir(file), path))
			}
			if _, err := os.Stat(filepath.FromSlash(path)); err != nil {
				t.Errorf("%s: link %s: %v", file, target, err)
				continue
			}
			if frag != "" && !headingsOf(path)[frag] {
				t.Errorf("%s: link %s: no heading #%s in %s", file, target, frag, path)
			}
		}
	}
	if links < 10 {
		t.Errorf("only %d links within the checkout", links)
	}
}

// anchor returns the anchor GitHub gives a heading: lower case, spaces as
// hyphens, punctuation dropped.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
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
// section under heading of a documentation file, block after block.
func sectionCode(t *testing.T, file, heading, lang string) []string {
	t.Helper()
	_, section, ok := strings.Cut(docText(t, file), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("no %q in %s", heading, file)
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
		t.Fatalf("no %s block under %q in %s", lang, heading, file)
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

// TestReadmeInstall follows the README's install line: "go install .
// ./cmd/satdoku-web" in the checkout installs a satdoku that runs, and
// whose serve command finds the page's program beside it.
func TestReadmeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("links the whole program: not with -short")
	}
	block := sectionCode(t, "README.md", "## Install", "sh")
	if len(block) == 0 || !strings.HasPrefix(block[0], "go install . ./cmd/satdoku-web ") {
		t.Fatalf("the install block does not start with go install . ./cmd/satdoku-web: %q", block)
	}
	install, _, _ := strings.Cut(block[0], "#")
	bin := t.TempDir()
	goCommand(t, ".", []string{"GOBIN=" + bin}, strings.Fields(install)[1:]...)
	out, err := exec.Command(filepath.Join(bin, "satdoku"), "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), "satdoku version ") {
		t.Errorf("the installed satdoku --version: %q, %v", out, err)
	}
	// serve runs satdoku-web in its place: its help is the page's.
	cmd := exec.Command(filepath.Join(bin, "satdoku"), "serve", "--help")
	cmd.Env = append(os.Environ(), "PATH=") // found beside satdoku, not on PATH
	out, err = cmd.Output()
	if err != nil || !strings.Contains(string(out), "--listen ADDR") {
		t.Errorf("the installed satdoku serve --help: %q, %v", out, err)
	}
}

// TestCommandLineLinksNoHTTP holds the command line to its start-up: it
// must not link net (net/http and the cgo resolver cost every command a
// third of its start-up), which only the page's program, satdoku-web,
// does.
func TestCommandLineLinksNoHTTP(t *testing.T) {
	for _, c := range []struct {
		pkg  string
		want bool
	}{{".", false}, {"./cmd/satdoku-web", true}} {
		deps := strings.Fields(goCommand(t, ".", nil, "list", "-deps", c.pkg))
		if got := slices.Contains(deps, "net"); got != c.want {
			t.Errorf("%s links package net: %v, want %v", c.pkg, got, c.want)
		}
	}
}

// TestReadmeLibrary builds the library program of docs/library.md in a module of
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
	for _, l := range sectionCode(t, "README.md", "## Install", "sh") {
		if strings.HasPrefix(l, "go mod edit ") {
			edit = l
		}
	}
	if !strings.Contains(edit, "=../satdoku") {
		t.Fatalf("no go mod edit line replacing with ../satdoku in the README's install block: %q", edit)
	}
	program := sectionCode(t, "docs/library.md", "## Using satdoku from Go", "go")
	for i, l := range program {
		if l == "}" { // the end of main: the program is the first block
			program = program[:i+1]
			break
		}
	}
	if program[0] != "package main" {
		t.Fatalf("the first go block of docs/library.md is not a program:\n%s", strings.Join(program, "\n"))
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
		t.Errorf("docs/library.md's program: %v\n%s\nwant\n%s", err, out, want)
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
