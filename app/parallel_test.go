package app

import (
	"bytes"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/race"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// parallelRecipe returns the GNU parallel command of docs/engines.md with the part
// size and job count of the test and the output format left as FORMAT:
// each part of 97 lines is solved by a satdoku of its own, told by
// --offset where the part starts, and --keep-order joins the outputs in
// input order.
func parallelRecipe(t *testing.T) string {
	t.Helper()
	page := readFile(t, testpuzzles.Path("docs/engines.md"))
	_, section, _ := strings.Cut(page, "\n## Past one machine\n")
	var recipe string
	for _, l := range strings.Split(section, "\n") {
		if strings.HasPrefix(l, "parallel --pipe ") {
			recipe = l
			break
		}
	}
	for _, r := range [][2]string{{"-N 100000", "-N 97"}, {"* 100000", "* 97"}, {"-j 8", "-j 4"}, {"-o json", "-o FORMAT"}, {" < census.txt > census.jsonl", ""}} {
		if !strings.Contains(recipe, r[0]) {
			t.Fatalf("the recipe of docs/engines.md %q lacks %q", recipe, r[0])
		}
		recipe = strings.Replace(recipe, r[0], r[1], 1)
	}
	return recipe
}

// TestGNUParallel runs the recipe of docs/engines.md for one big file split among
// processes: the joined output of the parts is byte for byte the output
// of one run over the whole file, invalid and unsolvable puzzles
// included; in JSON, each result's index and line are those of the whole
// file (the micros and each part's summary object aside). The --sshlogin
// form runs here with ":" (this machine) as the host.
func TestGNUParallel(t *testing.T) {
	t.Parallel()
	race.SkipExternal(t)
	if runtime.GOOS == "windows" {
		t.Skip("GNU parallel is a Unix tool")
	}
	needTool(t, "parallel", "parallel")
	if out, err := exec.Command("parallel", "--version").Output(); err != nil || !strings.HasPrefix(string(out), "GNU parallel") {
		t.Skipf("parallel is not GNU parallel (moreutils has one too): %v %.40q", err, out)
	}
	// 300 lines: solvable puzzles, unreadable lines and unsolvable
	// puzzles spread over the parts.
	var base []*board.Board
	for _, name := range []string{"top1465-sample.txt", "17clue-sample.txt", "serg-multi-sample.txt"} {
		base = append(base, samplePuzzles(t, name)...)
	}
	var sb strings.Builder
	for i := range 300 {
		p := base[i%len(base)]
		switch {
		case i%41 == 5:
			sb.WriteString("12345x\n")
		case i%53 == 7:
			sb.WriteString(noSolutionPuzzle + "\n")
		default:
			sb.WriteString(lineFile([]*board.Board{p}))
		}
	}
	file := writeFile(t, "big.txt", sb.String())
	_, env := satdokuOnPath(t)
	shell := func(t *testing.T, script string) string {
		t.Helper()
		cmd := exec.Command("sh", "-c", script)
		cmd.Env = env
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		out, err := cmd.Output()
		t.Logf("%v: %s", time.Since(start).Round(time.Millisecond), script)
		var ee *exec.ExitError
		if err != nil && !(strings.HasPrefix(script, "parallel") && asExit(err, &ee) && ee.ExitCode() <= 101) && !(asExit(err, &ee) && ee.ExitCode() <= ExitTimeout) {
			t.Fatalf("%s: %v\n%s", script, err, stderr.String())
		}
		if strings.Contains(stderr.String(), "parallel:") {
			t.Errorf("%s: GNU parallel says %q", script, stderr.String())
		}
		return string(out)
	}
	micros := regexp.MustCompile(`"micros":\d+`)
	results := func(jsonl string) string { // without the summaries and timings
		var keep []string
		for _, l := range strings.Split(strings.TrimSuffix(jsonl, "\n"), "\n") {
			if !strings.HasPrefix(l, `{"summary"`) {
				keep = append(keep, micros.ReplaceAllString(l, `"micros":0`))
			}
		}
		return strings.Join(keep, "\n")
	}
	for _, format := range []string{"line", "json"} {
		one := shell(t, "satdoku solve -q -o "+format+" < "+file)
		for _, hosts := range []string{"", " --sshlogin 4/:"} {
			if testing.Short() && (hosts != "" || format != "line") {
				continue // GNU parallel takes seconds to start
			}
			recipe := strings.Replace(strings.Replace(parallelRecipe(t), "FORMAT", format, 1), "parallel", "parallel"+hosts, 1)
			split := shell(t, recipe+" < "+file)
			switch format {
			case "line":
				if split != one {
					t.Errorf("%s: the joined parts differ from one run", recipe)
				}
				if strings.Count(one, "\n") != 300 || !strings.Contains(one, "invalid\n") || !strings.Contains(one, "no solution\n") {
					t.Fatalf("one run: %d lines, want 300 with invalid and no solution", strings.Count(one, "\n"))
				}
			case "json":
				if got, want := results(split), results(one); got != want {
					t.Errorf("%s: the joined parts' results differ from one run's", recipe)
				}
				if n := strings.Count(split, `{"summary"`); n != 4 {
					t.Errorf("%d summary objects, want one per part (4)", n)
				}
				if !strings.Contains(one, `{"index":300,"line":300,`) || !strings.Contains(split, `{"index":300,"line":300,`) {
					t.Errorf("the last result is not numbered 300")
				}
			}
		}
	}
}

// asExit reports whether err is an *exec.ExitError, setting *ee.
func asExit(err error, ee **exec.ExitError) bool {
	e, ok := err.(*exec.ExitError)
	*ee = e
	return ok
}

// TestOffset: --offset N numbers puzzles and lines as if N lines, a
// puzzle each, came before the input: in JSON, in the notes and errors on
// stderr, and in the names of pictures.
func TestOffset(t *testing.T) {
	t.Parallel()
	good := strings.TrimSpace(lineFile(samplePuzzles(t, "top1465-sample.txt")[:1]))
	in := good + "\n12345x\n" + good + "\n"
	r := satdoku(t, in, "solve", "-o", "json", "--offset", "1000")
	r.wantCode(t, ExitInvalid)
	res, _ := parseJSONLines(t, r.stdout)
	for i, j := range res {
		if *j.Index != 1001+i || j.Line != 1001+i {
			t.Errorf("result %d: index %d, line %d; want %d", i+1, *j.Index, j.Line, 1001+i)
		}
	}
	if !strings.Contains(res[1].Error, "line 1002") || !strings.Contains(r.stderr, "invalid puzzle 1002: stdin: line 1002") {
		t.Errorf("error %q, stderr %q: want line 1002", res[1].Error, r.stderr)
	}
	dir := t.TempDir()
	r = satdoku(t, in, "solve", "-o", "svg", "--out", dir, "--offset", "1000")
	if want := dir + "/001001.svg solved\ninvalid\n" + dir + "/001003.svg solved\n"; r.stdout != want {
		t.Errorf("pictures: %q, want %q", r.stdout, want)
	}
	r = satdoku(t, in, "solve", "--offset", "-1")
	r.wantCode(t, ExitUsage)
}
