package app

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/internal/race"
)

// checkDIMACS checks a CNF file: comments first, then an exact
// "p cnf V C" header, then C clauses each ending in 0 with literals
// within ±V. It returns V and C.
func checkDIMACS(t testing.TB, text string) (vars, clauses int) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	i := 0
	for i < len(lines) && strings.HasPrefix(lines[i], "c") {
		i++
	}
	if i == 0 {
		t.Errorf("no comment lines")
	}
	if i == len(lines) {
		t.Fatalf("no header")
	}
	if _, err := fmt.Sscanf(lines[i], "p cnf %d %d", &vars, &clauses); err != nil || lines[i] != fmt.Sprintf("p cnf %d %d", vars, clauses) {
		t.Fatalf("header %q: %v", lines[i], err)
	}
	body := lines[i+1:]
	if len(body) != clauses {
		t.Fatalf("header says %d clauses, %d clause lines follow", clauses, len(body))
	}
	for n, l := range body {
		f := strings.Fields(l)
		if len(f) < 2 || f[len(f)-1] != "0" || strings.Join(f, " ") != l {
			t.Fatalf("clause %d: %q", n+1, l)
		}
		for _, s := range f[:len(f)-1] {
			lit, err := strconv.Atoi(s)
			if err != nil || lit == 0 || lit > vars || -lit > vars {
				t.Fatalf("clause %d: literal %q out of range", n+1, s)
			}
		}
	}
	return vars, clauses
}

func TestEncode(t *testing.T) {
	t.Parallel()
	race.SkipSequential(t)
	in := sample("boj-sample.in")
	givens := mustParse(t, readFile(t, in)).Givens()
	tests := []struct {
		encoding string
		clauses  int // -1: only checked for consistency
	}{
		{"", 11988 + givens},
		{"extended", 11988 + givens},
		{"efficient", 11745 + givens},
		{"minimal", 8829 + givens},
		{"reduced", -1},
	}
	for _, tt := range tests {
		t.Run(tt.encoding, func(t *testing.T) {
			args := []string{"encode", in}
			if tt.encoding != "" {
				args = []string{"encode", "--encoding", tt.encoding, in}
			}
			r := satdoku(t, "", args...)
			r.wantCode(t, ExitOK)
			vars, clauses := checkDIMACS(t, r.stdout)
			if vars != 729 {
				t.Errorf("%d variables, want 729", vars)
			}
			if tt.clauses >= 0 && clauses != tt.clauses {
				t.Errorf("%d clauses, want %d", clauses, tt.clauses)
			}
			if tt.encoding != "" && !strings.Contains(r.stdout, tt.encoding) {
				t.Errorf("the comments do not name the encoding %q", tt.encoding)
			}
			for _, want := range []string{"var(r,c,d)", "boj-sample.in"} {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("the comments do not say %q", want)
				}
			}
		})
	}
	t.Run("stdin", func(t *testing.T) {
		r := satdoku(t, readFile(t, in), "encode")
		r.wantCode(t, ExitOK)
		if _, c := checkDIMACS(t, r.stdout); c != 11988+givens {
			t.Errorf("%d clauses", c)
		}
	})
	t.Run("several puzzles without --out", func(t *testing.T) {
		r := satdoku(t, "", "encode", sample("top1465-sample.txt"))
		r.wantCode(t, ExitUsage)
		if r.stdout != "" || !strings.Contains(r.stderr, "several puzzles") || !strings.Contains(r.stderr, "--out") {
			t.Errorf("%v", r)
		}
	})
	t.Run("--out DIR", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "cnf")
		file := sample("top1465-sample.txt")
		puzzles := samplePuzzles(t, "top1465-sample.txt")
		r := satdoku(t, "", "encode", "--out", dir, file)
		r.wantCode(t, ExitOK)
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(entries) != len(puzzles) {
			t.Fatalf("%d files for %d puzzles", len(entries), len(puzzles))
		}
		for i, e := range entries {
			if want := fmt.Sprintf("%06d.cnf", i+1); e.Name() != want {
				t.Fatalf("file %d is %s, want %s", i+1, e.Name(), want)
			}
			_, c := checkDIMACS(t, readFile(t, filepath.Join(dir, e.Name())))
			if want := 11988 + puzzles[i].Givens(); c != want {
				t.Errorf("%s: %d clauses, want %d", e.Name(), c, want)
			}
		}
	})
	t.Run("invalid and empty", func(t *testing.T) {
		r := satdoku(t, "", "encode", writeFile(t, "empty.txt", "\n\n"))
		r.wantCode(t, ExitInvalid)
		r = satdoku(t, "12x\n", "encode")
		r.wantCode(t, ExitInvalid)
		if !strings.Contains(r.stderr, "line 1") {
			t.Errorf("stderr %q", r.stderr)
		}
	})
}

// model returns the assignment of all N³ primary variables for a solved
// board as a list of literals.
func model(s *board.Board) []int {
	n := s.Side()
	var lits []int
	for i, d := range s.Cells {
		for dd := 1; dd <= n; dd++ {
			v := encode.CellVar(n, i, dd)
			if dd != int(d) {
				v = -v
			}
			lits = append(lits, v)
		}
	}
	return lits
}

func joinLits(lits []int, perLine int, prefix string) string {
	var sb strings.Builder
	for i, l := range lits {
		if i%perLine == 0 {
			if i > 0 {
				sb.WriteByte('\n')
			}
			sb.WriteString(prefix)
		} else {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(l))
	}
	sb.WriteByte('\n')
	return sb.String()
}

func TestDecode(t *testing.T) {
	t.Parallel()
	in := sample("boj-sample.in")
	want := readFile(t, sample("boj-sample.out"))
	sol := mustParse(t, want)
	lits := model(sol)
	withAux := append(append([]int{}, lits...), 730, -731, 5000)
	flipped := append([]int{}, lits...)
	flipped[0], flipped[1] = -flipped[0], -flipped[1] // r1c1 = 2 instead of 1
	noDigit := append([]int{}, lits...)
	noDigit[0] = -noDigit[0] // r1c1 has no digit
	tests := []struct {
		name   string
		answer string
		code   int
		stdout string
		stderr []string
	}{
		{"s/v lines", "c cadical\ns SATISFIABLE\n" + joinLits(append(lits, 0), 10, "v "), ExitOK, want, nil},
		{"s/v wrapped wide, no final 0", "s SATISFIABLE\n" + joinLits(lits, 300, "v "), ExitOK, want, nil},
		{"s/v one literal per line", "s SATISFIABLE\n" + joinLits(append(lits, 0), 1, "v "), ExitOK, want, nil},
		{"auxiliary variables ignored", "s SATISFIABLE\n" + joinLits(append(withAux, 0), 20, "v "), ExitOK, want, nil},
		{"MiniSat result file", "SAT\n" + joinLits(append(lits, 0), len(lits)+1, ""), ExitOK, want, nil},
		{"bare model line", joinLits(append(lits, 0), len(lits)+1, ""), ExitOK, want, nil},
		{"UNSATISFIABLE", "s UNSATISFIABLE\n", ExitNoSolution, "no solution\n", nil},
		{"MiniSat UNSAT", "UNSAT\n", ExitNoSolution, "no solution\n", nil},
		{"UNKNOWN", "c timeout\ns UNKNOWN\n", ExitTimeout, "undecided\n", []string{"UNKNOWN"}},
		{"INDET", "INDET\n", ExitTimeout, "undecided\n", nil},
		{"two digits in a cell", "s SATISFIABLE\n" + joinLits(append(flipped, 0), 10, "v "), ExitFailed, "", []string{"r1c1"}},
		{"no digit in a cell", "s SATISFIABLE\n" + joinLits(append(noDigit, 0), 10, "v "), ExitFailed, "", []string{"r1c1"}},
		{"missing variables", "s SATISFIABLE\nv 1 2 3 0\n", ExitFailed, "", nil},
		{"garbage", "hello world\n", ExitInvalid, "", nil},
		{"empty", "", ExitInvalid, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, viaFile := range []bool{false, true} {
				args := []string{"decode", "--puzzle", in}
				stdin := tt.answer
				if viaFile {
					args = append(args, writeFile(t, "answer.txt", tt.answer))
					stdin = ""
				}
				r := satdoku(t, stdin, args...)
				r.wantCode(t, tt.code)
				if r.stdout != tt.stdout {
					t.Errorf("stdout %q, want %q", r.stdout, tt.stdout)
				}
				for _, w := range tt.stderr {
					if !strings.Contains(r.stderr, w) {
						t.Errorf("stderr %q lacks %q", r.stderr, w)
					}
				}
				if tt.code >= ExitInvalid && r.stderr == "" {
					t.Errorf("no message for exit %d", tt.code)
				}
			}
		})
	}
	t.Run("output line", func(t *testing.T) {
		r := satdoku(t, "s SATISFIABLE\n"+joinLits(append(lits, 0), 10, "v "), "decode", "--puzzle", in, "-o", "line")
		r.wantCode(t, ExitOK)
		verifyLine(t, 0, sol, strings.TrimSpace(r.stdout))
	})
	t.Run("puzzle file with several puzzles", func(t *testing.T) {
		r := satdoku(t, "s UNSATISFIABLE\n", "decode", "--puzzle", sample("top1465-sample.txt"))
		r.wantCode(t, ExitUsage)
		if !strings.Contains(r.stderr, "--index") {
			t.Errorf("the error does not point to --index: %q", r.stderr)
		}
	})
	t.Run("index", func(t *testing.T) {
		set := sample("top1465-sample.txt")
		solved := strings.Fields(satdoku(t, "", "solve", set).stdout)
		for _, k := range []int{1, 7, len(solved)} {
			sol := mustParse(t, solved[k-1])
			answer := "s SATISFIABLE\n" + joinLits(append(model(sol), 0), 10, "v ")
			r := satdoku(t, answer, "decode", "--puzzle", set, "--index", strconv.Itoa(k))
			r.wantCode(t, ExitOK)
			if got := strings.TrimSpace(r.stdout); got != solved[k-1] {
				t.Errorf("--index %d: %q, want %q", k, got, solved[k-1])
			}
			// The same model is no solution of another puzzle of the set.
			other := k%len(solved) + 1
			satdoku(t, answer, "decode", "--puzzle", set, "--index", strconv.Itoa(other)).wantCode(t, ExitFailed)
		}
		r := satdoku(t, "s UNSATISFIABLE\n", "decode", "--puzzle", set, "--index", strconv.Itoa(len(solved)+1))
		r.wantCode(t, ExitInvalid)
		if want := fmt.Sprintf("holds %d puzzles, so there is no puzzle %d", len(solved), len(solved)+1); !strings.Contains(r.stderr, want) {
			t.Errorf("stderr %q lacks %q", r.stderr, want)
		}
		satdoku(t, "s UNSATISFIABLE\n", "decode", "--puzzle", set, "--index", "-1").wantCode(t, ExitUsage)
		// --index 1 on a file of one puzzle is that puzzle.
		satdoku(t, "s UNSATISFIABLE\n", "decode", "--puzzle", in, "--index", "1").wantCode(t, ExitNoSolution)
	})
}

// needSolver returns the path of a SAT solver, skipping the test when it
// is not installed (failing when SATDOKU_REQUIRE_SOLVERS=1).
func needSolver(t testing.TB, name, debianPackage string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	msg := fmt.Sprintf("%s is not installed (Debian package %s: apt-get install %s)", name, debianPackage, debianPackage)
	if os.Getenv("SATDOKU_REQUIRE_SOLVERS") == "1" {
		t.Fatal(msg + ", and SATDOKU_REQUIRE_SOLVERS=1")
	}
	t.Skip(msg)
	return ""
}

// TestExternalEngine solves with real solvers as the engine.
func TestExternalEngine(t *testing.T) {
	t.Parallel()
	file := writeFile(t, "in.txt", lineFile(samplePuzzles(t, "top1465-sample.txt")[:4])+noSolutionPuzzle+"\n"+
		lineFile(samplePuzzles(t, "hardest1106-sample.txt")[:2]))
	puzzles := boards(readPuzzles(t, file))
	for _, tt := range []struct{ bin, pkg, cmd string }{
		{"cadical", "cadical", "cadical -q"},
		{"minisat", "minisat", "minisat {in} {out}"},
	} {
		t.Run(tt.cmd, func(t *testing.T) {
			needSolver(t, tt.bin, tt.pkg)
			for _, workers := range []string{"1", "2"} {
				r := satdoku(t, "", "solve", "-q", "--engine", "external", "--sat-cmd", tt.cmd, "-o", "line", "--workers", workers, file)
				r.wantCode(t, ExitNoSolution)
				verifyLines(t, puzzles, r.stdout, map[int]string{4: "no solution"})
			}
			r := satdoku(t, "", "solve", "--sat-cmd", tt.cmd, "-o", "json", file) // --sat-cmd alone picks external
			res, _ := parseJSONLines(t, r.stdout)
			if len(res) == 0 || res[0].Engine != "external" {
				t.Errorf("engine %+v", res)
			}
		})
	}
	t.Run("missing solver", func(t *testing.T) {
		// Found missing before solving: a usage error, nothing solved.
		r := satdoku(t, "", "solve", "-q", "--sat-cmd", "no-such-solver-xyz -q", "-o", "line", file)
		r.wantCode(t, ExitUsage)
		if !strings.Contains(r.stderr, "no-such-solver-xyz") || r.stdout != "" {
			t.Errorf("%v", r)
		}
	})
}

// satdokuOnPath returns a directory holding "satdoku", this test binary
// acting as the command line, for shell commands to find on their PATH,
// and the environment that makes it act so.
func satdokuOnPath(t *testing.T) (dir string, env []string) {
	t.Helper()
	dir = t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(exe, filepath.Join(dir, "satdoku")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	return dir, append(os.Environ(), cliEnv+"=1", "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// TestDecodeHelpExamples runs the examples of "satdoku decode --help --long" in
// a shell, with p.txt a puzzle: each prints its solution (the minisat one
// makes the p.cnf it reads).
func TestDecodeHelpExamples(t *testing.T) {
	t.Parallel()
	race.SkipExternal(t)
	needSolver(t, "cadical", "cadical")
	needSolver(t, "minisat", "minisat")
	help := satdoku(t, "", "decode", "--help", "--long").stdout
	_, examples, _ := strings.Cut(help, "Examples:\n")
	examples, _, _ = strings.Cut(examples, "\n\n")
	want := readFile(t, sample("boj-sample.out"))
	killer := readFile(t, sample("variants/dclamage/killer-blister.json"))
	wantKiller := satdoku(t, killer, "solve").stdout
	_, env := satdokuOnPath(t)
	n := 0
	for _, line := range strings.Split(examples, "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "satdoku ") {
			continue
		}
		n++
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "p.txt"), []byte(readFile(t, sample("boj-sample.in"))), 0o644); err != nil {
			t.Fatal(err)
		}
		want := want
		if strings.Contains(line, "set.txt") {
			set := readFile(t, sample("top1465-sample.txt"))
			if err := os.WriteFile(filepath.Join(dir, "set.txt"), []byte(set), 0o644); err != nil {
				t.Fatal(err)
			}
			want = strings.Fields(satdoku(t, set, "solve").stdout)[6] + "\n" // --index 7
		}
		if strings.Contains(line, "k.json") {
			if _, err := exec.LookPath("minisat+"); err != nil {
				if os.Getenv("SATDOKU_REQUIRE_SOLVERS") == "1" {
					t.Fatalf("%s: minisat+ is not installed (Debian package minisat+), and SATDOKU_REQUIRE_SOLVERS=1", line)
				}
				t.Logf("%s: skipped: minisat+ is not installed (Debian package minisat+)", line)
				continue
			}
			if err := os.WriteFile(filepath.Join(dir, "k.json"), []byte(killer), 0o644); err != nil {
				t.Fatal(err)
			}
			want = wantKiller
		}
		cmd := exec.Command("sh", "-c", line)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.Output()
		// minisat prints its statistics on stdout: the grid is at the end.
		if err != nil || !strings.HasSuffix(string(out), want) {
			t.Errorf("%s: %v, output %q", line, err, out)
		}
	}
	if n < 2 {
		t.Errorf("%d examples in\n%s", n, help)
	}
}

// needTool returns the path of a program some tests drive (GNU parallel,
// fish), skipping the test when it is not installed (failing when
// SATDOKU_REQUIRE_TOOLS=1, as CI sets it).
func needTool(t testing.TB, name, debianPackage string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	msg := fmt.Sprintf("%s is not installed (Debian package %s: apt-get install %s)", name, debianPackage, debianPackage)
	if os.Getenv("SATDOKU_REQUIRE_TOOLS") == "1" {
		t.Fatal(msg + ", and SATDOKU_REQUIRE_TOOLS=1")
	}
	t.Skip(msg)
	return ""
}

// TestCompletionInShells loads the completion scripts into real shells
// and completes command lines: after "satdoku solve " the shell offers
// file names, after "-o " the formats.
func TestCompletionInShells(t *testing.T) {
	t.Parallel()
	race.SkipExternal(t)
	_, env := satdokuOnPath(t)
	dir := t.TempDir()
	for _, name := range []string{"a.txt", "b.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	shell := func(t *testing.T, name string, script string) string {
		t.Helper()
		cmd := exec.Command(name, "-c", script)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		return string(out)
	}
	t.Run("bash", func(t *testing.T) {
		needTool(t, "bash", "bash")
		out := shell(t, "bash", `eval "$(satdoku completion bash)"
complete -p satdoku
COMP_WORDS=(satdoku solve ""); COMP_CWORD=2; _satdoku_complete; echo "solve: [${COMPREPLY[*]}]"
COMP_WORDS=(satdoku solve -o ""); COMP_CWORD=3; _satdoku_complete; echo "-o: [${COMPREPLY[*]}]"
COMP_WORDS=(satdoku so); COMP_CWORD=1; _satdoku_complete; echo "so: [${COMPREPLY[*]}]"`)
		// No words from satdoku after "solve ": -o default offers files.
		for _, want := range []string{"-o default", "solve: []", "-o: [grid compact line pretty json fpuzzles fpuzzles-url svg png]", "so: [solve]"} {
			if !strings.Contains(out, want) {
				t.Errorf("bash: %q lacks %q", out, want)
			}
		}
	})
	t.Run("fish", func(t *testing.T) {
		needTool(t, "fish", "fish")
		out := shell(t, "fish", `satdoku completion fish | source
echo "[solve]"; complete -C "satdoku solve "
echo "[-o]"; complete -C "satdoku solve -o "
echo "[root]"; complete -C "satdoku "`)
		sections := map[string]string{}
		for _, part := range strings.Split(out, "[")[1:] {
			name, body, _ := strings.Cut(part, "]\n")
			sections[name] = strings.Join(strings.Fields(body), " ")
		}
		for name, want := range map[string]string{
			"solve": "a.txt b.txt",
			"-o":    "compact fpuzzles fpuzzles-url grid json line png pretty svg",
			"root":  "bench completion decode encode generate hint render solve",
		} {
			if got := sections[name]; got != want {
				t.Errorf("fish, %s: %q, want %q (all: %q)", name, got, want, out)
			}
		}
	})
}
