package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/satdoku/satdoku/app"
	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/fpuzzles"
	"github.com/satdoku/satdoku/report"
	"github.com/satdoku/satdoku/variant"
	"github.com/urfave/cli/v2"
)

// serveApp runs the application, serve included, in memory until ctx
// ends, and returns its exit code. Tests that use it do not run in
// parallel: urfave/cli writes to its shared help flag when it parses a
// command line, which app.Main does under a lock of its own.
func serveApp(ctx context.Context, stdout, stderr io.Writer, args ...string) int {
	a := app.New(strings.NewReader(""), stdout, stderr, Command)
	err := a.RunContext(ctx, append([]string{"satdoku"}, args...))
	if err == nil {
		return app.ExitOK
	}
	var ec cli.ExitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			io.WriteString(stderr, "satdoku: "+msg+"\n")
		}
		return ec.ExitCode()
	}
	io.WriteString(stderr, "satdoku: "+err.Error()+"\n")
	return app.ExitUsage
}

// startServe runs "satdoku serve" with the given arguments until the test
// ends, and returns the URL it prints and its stderr.
func startServe(t *testing.T, args ...string) (string, *lockedBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	stderr := &lockedBuffer{}
	done := make(chan int, 1)
	go func() {
		code := serveApp(ctx, pw, stderr, append([]string{"serve"}, args...)...)
		pw.Close()
		done <- code
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	go io.Copy(io.Discard, pr)
	if err != nil {
		cancel()
		t.Fatalf("serve printed %q, %v; stderr %s; exit %d", line, err, stderr.String(), <-done)
	}
	t.Cleanup(func() {
		cancel()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("serve ended with exit %d: %s", code, stderr.String())
			}
		case <-time.After(5 * time.Minute): // a wait that ends when serve does
			t.Error("serve did not stop")
		}
	})
	_, url, ok := strings.Cut(strings.TrimSpace(line), "serving on ")
	if !ok {
		t.Fatalf("serve printed %q", line)
	}
	url, _, _ = strings.Cut(url, " ")
	return url, stderr
}

func TestServeCommand(t *testing.T) {
	url, stderr := startServe(t, "--listen", "127.0.0.1:0", "--max-side", "16", "--timeout", "3s")
	resp, err := http.Get(url + "api/info")
	if err != nil {
		t.Fatal(err)
	}
	var info struct {
		MaxSide   int   `json:"max_side"`
		TimeoutMS int64 `json:"timeout_ms"`
	}
	json.NewDecoder(resp.Body).Decode(&info)
	resp.Body.Close()
	if info.MaxSide != 16 || info.TimeoutMS != 3000 {
		t.Errorf("info %+v", info)
	}
	resp, err = http.Post(url+"api/solve", "application/json", strings.NewReader(`{"puzzle":"`+strings.TrimSpace(classic9)+`","picture":"none"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"status":"solved"`) {
		t.Errorf("solve: %d %s", resp.StatusCode, body)
	}
	if strings.Contains(stderr.String(), "warning") {
		t.Errorf("a warning for a loopback address: %s", stderr.String())
	}
}

func TestServeRemote(t *testing.T) {
	r := satdoku("", "serve", "--listen", "0.0.0.0:0")
	if r.code != app.ExitUsage || !strings.Contains(r.stderr, "--allow-remote") {
		t.Errorf("non-loopback without --allow-remote: %v", r)
	}
	for _, args := range [][]string{
		{"serve", "--listen", "nonsense"},
		{"serve", "--max-side", "100"},
		{"serve", "--timeout", "0s"},
		{"serve", "--max-solves", "0"},
		{"serve", "--max-renders", "0"},
		{"serve", "--max-picture", "10"},
		{"serve", "extra"},
	} {
		if r := satdoku("", args...); r.code != app.ExitUsage {
			t.Errorf("%v: %v", args, r)
		}
	}
	_, stderr := startServe(t, "--listen", "0.0.0.0:0", "--allow-remote")
	if !strings.Contains(stderr.String(), "warning") {
		t.Errorf("no warning when serving beyond loopback: %q", stderr.String())
	}
}

// TestServeVariants asks the page's API, as satdoku serve wires it, to
// solve an f-puzzles puzzle, check its uniqueness, find its true
// candidates and explain a broken version.
func TestServeVariants(t *testing.T) {
	data, err := os.ReadFile("../../testdata/variants/dclamage/6x6-extreme-killer.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := fpuzzles.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	link, err := fpuzzles.URL(res.Puzzle, nil, fpuzzles.Options{})
	if err != nil {
		t.Fatal(err)
	}
	url, _ := startServe(t, "--listen", "127.0.0.1:0")
	resp, err := http.Get(url + "api/info")
	if err != nil {
		t.Fatal(err)
	}
	var info struct{ Candidates, Variants bool }
	json.NewDecoder(resp.Body).Decode(&info)
	resp.Body.Close()
	if !info.Candidates || !info.Variants {
		t.Errorf("/api/info: %+v, want candidates and variants", info)
	}
	post := func(req map[string]any) map[string]any {
		t.Helper()
		req["picture"] = "none"
		body, _ := json.Marshal(req)
		resp, err := http.Post(url+"api/solve", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 200 {
			t.Fatalf("%v: HTTP %d, %v %v", req, resp.StatusCode, out, err)
		}
		return out
	}
	out := post(map[string]any{"puzzle": link, "count": 2})
	if out["status"] != "solved" || out["unique"] != true {
		t.Fatalf("uniqueness: %v", out)
	}
	sol := board.New(res.Puzzle.Givens.Shape)
	line, _ := out["solution"].(string)
	for i := range min(len(line), len(sol.Cells)) {
		d, _ := board.Default.Digit(line[i])
		sol.Cells[i] = uint8(d)
	}
	if err := variant.Check(res.Puzzle, sol); err != nil {
		t.Errorf("the page's solution: %v", err)
	}
	out = post(map[string]any{"puzzle": link, "candidates": true})
	if cs, _ := out["candidates"].([]any); out["status"] != "solved" || len(cs) != 36 {
		t.Errorf("candidates: %v", out)
	}
	broken := strings.Replace(string(data), `"killercage":[`, `"killercage":[{"cells":["R1C1","R1C2"],"value":"2"},`, 1)
	out = post(map[string]any{"puzzle": broken, "explain": true})
	if out["status"] != "no_solution" || !strings.Contains(fmt.Sprint(out["explanation"]), "killer cage r1c1 r1c2") {
		t.Errorf("explain: %v", out)
	}
}

// TestWiring: serve is a command of the application as main wires it,
// with the flag handling of the others: a near miss is suggested, the
// root help and completion list it, a duration without its unit is
// explained, and its help fits one screen with the full text (the exit
// codes) a flag away.
func TestWiring(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args   []string
		code   int
		stdout string // a part of it
		stderr string // a part of it
	}{
		{[]string{"ser"}, app.ExitUsage, "", "did you mean serve?"},
		{[]string{"serv"}, app.ExitUsage, "", "did you mean serve?"},
		{[]string{"serve", "--timeout", "30"}, app.ExitUsage, "", "serve: --timeout 30: a duration needs its unit: write 30s"},
		{[]string{"serve", "--lisen", "127.0.0.1:0"}, app.ExitUsage, "", "did you mean --listen?"},
		{[]string{"--help"}, app.ExitOK, "\n   serve ", ""},
		{[]string{"s", "--generate-bash-completion"}, app.ExitOK, "solve\nserve\n", ""},
		{[]string{"serve", "--help"}, app.ExitOK, "satdoku serve --listen", ""},
		{[]string{"serve", "--help", "--long"}, app.ExitOK, "EXIT CODES:", ""},
	} {
		r := satdoku("", tc.args...)
		if r.code != tc.code || !strings.Contains(r.stdout, tc.stdout) || !strings.Contains(r.stderr, tc.stderr) {
			t.Errorf("%q: %v\nwant exit %d, stdout with %q, stderr with %q", tc.args, r, tc.code, tc.stdout, tc.stderr)
		}
	}
	short := satdoku("", "serve", "--help")
	if lines := strings.Count(short.stdout, "\n"); lines > 40 {
		t.Errorf("serve --help is %d lines, more than a screen of 40:\n%s", lines, short.stdout)
	}
	for _, flag := range []string{"--listen", "--allow-remote", "--max-side", "--timeout", "--max-solves", "--max-count", "--max-renders", "--max-picture"} {
		if !strings.Contains(short.stdout, flag) {
			t.Errorf("serve --help does not name %s:\n%s", flag, short.stdout)
		}
	}
}

// TestSameJSON: the same puzzle solved through the command line (solve -o
// json) and through the web API as serve wires it gives the same JSON
// object for every field of report.Result (micros, a time, aside): a
// unique puzzle, one with several solutions, clashing givens, a minimal
// conflict of givens, a variant puzzle's conflict of givens and rules,
// and true candidates.
func TestSameJSON(t *testing.T) {
	data, err := os.ReadFile("../../testdata/variants/dclamage/6x6-extreme-killer.json")
	if err != nil {
		t.Fatal(err)
	}
	killer := strings.TrimSpace(string(data))
	brokenKiller := strings.Replace(killer, `"killercage":[`, `"killercage":[{"cells":["R1C1","R1C2"],"value":"2"},`, 1)
	clash := "55" + strings.TrimSpace(classic9)[2:]
	// The classic puzzle with r1c3 set to 1: no solution, and no clash.
	noWay := "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	twoWays := "...." + strings.TrimSpace(classic9)[4:]
	shared := sharedFields()
	url, _ := startServe(t, "--listen", "127.0.0.1:0")
	for _, tc := range []struct {
		name, puzzle string
		cli          []string
		web          map[string]any
	}{
		{"unique", strings.TrimSpace(classic9), []string{"--unique"}, map[string]any{"count": 2}},
		{"several solutions", twoWays, []string{"--unique", "--show-second"}, map[string]any{"count": 2}},
		{"clashing givens", clash, []string{"--explain"}, map[string]any{"explain": true}},
		{"a minimal conflict", noWay, []string{"--explain"}, map[string]any{"explain": true}},
		{"a variant's conflict", brokenKiller, []string{"--explain"}, map[string]any{"explain": true}},
		{"variant, unique", killer, []string{"--unique"}, map[string]any{"count": 2}},
		{"true candidates", twoWays, []string{"--candidates"}, map[string]any{"candidates": true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := satdoku(tc.puzzle+"\n", append([]string{"solve", "-o", "json", "--quiet"}, tc.cli...)...)
			first, _, _ := strings.Cut(r.stdout, "\n")
			var cli map[string]any
			if err := json.Unmarshal([]byte(first), &cli); err != nil {
				t.Fatalf("the CLI's line %q: %v\n%v", first, err, r)
			}
			req := map[string]any{"puzzle": tc.puzzle, "picture": "none"}
			for k, v := range tc.web {
				req[k] = v
			}
			body, _ := json.Marshal(req)
			resp, err := http.Post(url+"api/solve", "application/json", bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			var web map[string]any
			err = json.NewDecoder(resp.Body).Decode(&web)
			resp.Body.Close()
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("web: HTTP %d, %v", resp.StatusCode, err)
			}
			if cli["status"] == nil || cli["micros"] == nil || web["micros"] == nil {
				t.Fatalf("no status or micros: CLI %v, web %v", cli, web)
			}
			for _, f := range shared {
				if f == "micros" {
					continue
				}
				if c, w := fmt.Sprint(cli[f]), fmt.Sprint(web[f]); c != w {
					t.Errorf("%q: CLI %s, web %s", f, c, w)
				}
			}
		})
	}
}

// sharedFields are the JSON names of report.Result's fields.
func sharedFields() []string {
	var names []string
	typ := reflect.TypeFor[report.Result]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		names = append(names, name)
	}
	return names
}
