package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/satdoku/satdoku/internal/proctest"
	"github.com/satdoku/satdoku/internal/race"
)

// The bounds of the load test's server, and what it must come back to.
const (
	loadTimeout = 2 * time.Second
	loadSolves  = 3
	loadRenders = 2
	// loadRSS bounds the server's resident memory once the load is over:
	// it starts near 15 MiB, and holds no solve (those are in worker
	// processes, gone) and no picture.
	loadRSS = 32 << 20
)

// loadRequest is one request of the load test: the endpoint and its body.
type loadRequest struct {
	name, path string
	body       map[string]any
}

// hardRequests are the kinds of hard work the load test sends: blank
// 16×16 and 25×25 boards with rules that gophersat takes minutes over
// (solving, counting, true candidates, explaining), and a megabyte of
// f-puzzles drawing.
func hardRequests() []loadRequest {
	blank16, blank25 := strings.Repeat(".", 256), strings.Repeat(".", 625)
	return []loadRequest{
		{"16x16 solve", "api/solve", map[string]any{"puzzle": blank16, "rules": "antiknight,nonconsecutive", "picture": "none"}},
		{"25x25 solve", "api/solve", map[string]any{"puzzle": blank25, "rules": "diagonals,antiknight,disjointgroups", "picture": "none"}},
		{"16x16 count", "api/solve", map[string]any{"puzzle": blank16, "rules": "antiknight,nonconsecutive", "count": 100}},
		{"16x16 candidates", "api/solve", map[string]any{"puzzle": blank16, "rules": "antiknight,nonconsecutive", "candidates": true}},
		{"25x25 explain", "api/solve", map[string]any{"puzzle": blank25, "rules": "diagonals,antiknight,disjointgroups", "explain": true}},
		{"large render", "api/render", map[string]any{"puzzle": cageDrawing(), "format": "fpuzzles"}},
	}
}

// cageDrawing is a 16×16 f-puzzles document with 677 cages of 100 cells
// each, about half a megabyte: a picture of 2 MB that takes a second or
// more to draw.
func cageDrawing() string {
	rng := rand.New(rand.NewPCG(35, 677))
	type cage struct {
		Cells []string `json:"cells"`
		Value string   `json:"value"`
	}
	doc := struct {
		Size int     `json:"size"`
		Grid [][]any `json:"grid"`
		Cage []cage  `json:"cage"`
	}{Size: 16}
	for range 16 {
		row := make([]any, 16)
		for c := range row {
			row[c] = map[string]any{}
		}
		doc.Grid = append(doc.Grid, row)
	}
	for range 677 {
		var cells []string
		for _, i := range rng.Perm(256)[:100] {
			cells = append(cells, fmt.Sprintf("R%dC%d", i/16+1, i%16+1))
		}
		doc.Cage = append(doc.Cage, cage{Cells: cells})
	}
	data, _ := json.Marshal(doc)
	return string(data)
}

// serverInfo is what the load test reads of /api/info.
type serverInfo struct {
	RunningSolves  int `json:"running_solves"`
	RunningRenders int `json:"running_renders"`
}

// TestServeLoad runs "satdoku serve" as a process of its own with a 2 s
// time limit and 3 solve slots (2 for boards over 9×9), and sends it 50 hard requests at once
// (solves, counts, true candidates and explanations of blank 16×16 and
// 25×25 boards with rules that take gophersat minutes, and large
// renders). Every one is answered (a timeout, busy, or a picture); while
// they run, a 9×9 solve is answered, not refused; once the last answer is
// in, every slot is free (polled within the time limit plus 1 s), no
// worker process is left, a 9×9 solve is answered, and the server's RSS
// is back under loadRSS. The timings and the RSS are logged
// (docs/limits.md records them).
func TestServeLoad(t *testing.T) {
	race.SkipExternal(t)
	t.Parallel()
	url, client, cmd, mark := startServeProcess(t, "--timeout", loadTimeout.String(),
		"--max-solves", fmt.Sprint(loadSolves), "--max-renders", fmt.Sprint(loadRenders))
	small := map[string]any{"puzzle": strings.TrimSpace(classic9), "picture": "none"}
	if code, resp := postJSON(t, client, url+"api/solve", small); code != 200 || resp["status"] != "solved" {
		t.Fatalf("first small solve: %d %v", code, resp)
	}
	startRSS := vmRSS(cmd.Process.Pid)

	// 50 hard requests at once.
	kinds := hardRequests()
	var mu sync.Mutex
	tally := map[string]int{}
	var last time.Time
	var wg sync.WaitGroup
	start := time.Now()
	for i := range 50 {
		k := kinds[i%len(kinds)]
		wg.Go(func() {
			code, resp := postJSON(t, client, url+k.path, k.body)
			status, _ := resp["status"].(string)
			switch {
			case code == 503 && status == "busy":
			case code == 200 && k.path == "api/render" && status == "ok":
			case code == 200 && (status == "timeout" || status == "solved" || status == "no_solution"):
			default:
				t.Errorf("%s: %d %q %v", k.name, code, status, resp["error"])
			}
			mu.Lock()
			defer mu.Unlock()
			why, _ := resp["error"].(string)
			why, _, _ = strings.Cut(why, ";")
			tally[fmt.Sprintf("%s %d %s (%s)", k.name, code, status, why)]++
			last = time.Now()
		})
	}
	// While they run, a 9×9 solve takes the slot that larger boards leave.
	for deadline := time.Now().Add(loadTimeout); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if info(t, client, url).RunningSolves > 0 {
			break
		}
	}
	during := time.Now()
	if code, resp := postJSON(t, client, url+"api/solve", small); code != 200 || resp["status"] != "solved" {
		t.Errorf("a 9x9 solve during the load: %d %v", code, resp)
	}
	duringTook := time.Since(during)
	wg.Wait()
	t.Logf("50 hard requests answered in %v: %v", last.Sub(start).Round(time.Millisecond), tally)

	// Every slot free, every worker process gone.
	var left []proctest.Proc
	var in serverInfo
	for deadline := last.Add(loadTimeout + time.Second); ; time.Sleep(10 * time.Millisecond) {
		in = info(t, client, url)
		left = proctest.Leftovers(mark)
		if in.RunningSolves == 0 && in.RunningRenders == 0 && len(left) <= 1 || time.Now().After(deadline) {
			break
		}
	}
	freed := time.Since(last)
	if in.RunningSolves != 0 || in.RunningRenders != 0 {
		t.Errorf("%+v past the time limit and 1 s after the last answer", in)
	}
	if len(left) > 1 {
		t.Errorf("processes left besides the server: %v", left)
	}
	after := time.Now()
	if code, resp := postJSON(t, client, url+"api/solve", small); code != 200 || resp["status"] != "solved" {
		t.Errorf("a 9x9 solve after the load: %d %v", code, resp)
	}
	afterTook := time.Since(after)

	// Memory back.
	var rss int64
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if rss = vmRSS(cmd.Process.Pid); rss <= loadRSS || time.Now().After(deadline) {
			break
		}
	}
	if rss > loadRSS {
		t.Errorf("server RSS %.1f MiB after the load, want at most %d MiB", float64(rss)/(1<<20), loadRSS>>20)
	}
	t.Logf("9x9 solve during the load %v, after it %v; slots free %v after the last answer; server RSS %.1f MiB before, %.1f MiB after (peak %.1f MiB)",
		duringTook.Round(time.Millisecond), afterTook.Round(time.Millisecond), freed.Round(time.Millisecond),
		float64(startRSS)/(1<<20), float64(rss)/(1<<20), float64(vmHWM(cmd.Process.Pid)<<10)/(1<<20))
}

// startServeProcess runs "satdoku serve" on a free loopback port with the given
// flags, as a process of its own marked for proctest.Leftovers, and
// returns its address, a client for it, the process and its mark. The
// server is ended with SIGTERM when the test ends, and must end cleanly.
func startServeProcess(t *testing.T, flags ...string) (string, *http.Client, *exec.Cmd, string) {
	t.Helper()
	cmd, mark := commandMarked(t, append([]string{"serve", "--listen", "127.0.0.1:0"}, flags...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := new(lockedBuffer)
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		if err := cmd.Wait(); err != nil {
			t.Errorf("serve ended with %v: %s", err, stderr.String())
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	_, url, ok := strings.Cut(strings.TrimSpace(line), "serving on ")
	if err != nil || !ok {
		t.Fatalf("serve printed %q, %v: %s", line, err, stderr.String())
	}
	url, _, _ = strings.Cut(url, " ")
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 64, MaxIdleConnsPerHost: 64}}
	return url, client, cmd, mark
}

// TestServeCancel: a client that gives up on a long solve (the page's
// Cancel aborts its request) frees the server's slot and ends the worker
// process at once, long before the server's own time limit would: with a
// limit of 10 minutes, the slot must be free and the worker gone within
// a minute of the abort, however busy the machine; then a 9×9 solve is
// answered.
func TestServeCancel(t *testing.T) {
	race.SkipExternal(t)
	t.Parallel()
	url, client, _, mark := startServeProcess(t, "--timeout", "10m")
	hard := hardRequests()[0].body
	data, _ := json.Marshal(hard)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"api/solve", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	done := make(chan error, 1)
	go func() {
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
			err = fmt.Errorf("answered %s before the abort", resp.Status)
		}
		done <- err
	}()
	for deadline := time.Now().Add(time.Minute); info(t, client, url).RunningSolves == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the hard solve never took a slot")
		}
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the aborted request: %v", err)
	}
	var in serverInfo
	var left []proctest.Proc
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		in, left = info(t, client, url), proctest.Leftovers(mark)
		if in.RunningSolves == 0 && len(left) <= 1 || time.Now().After(deadline) {
			break
		}
	}
	if in.RunningSolves != 0 || len(left) > 1 {
		t.Fatalf("a minute after the abort: %+v, processes besides the server: %v", in, left)
	}
	small := map[string]any{"puzzle": strings.TrimSpace(classic9), "picture": "none"}
	if code, resp := postJSON(t, client, url+"api/solve", small); code != 200 || resp["status"] != "solved" {
		t.Errorf("a 9x9 solve after the abort: %d %v", code, resp)
	}
}

// postJSON posts body as JSON and returns the status code and the answer.
func postJSON(t *testing.T, client *http.Client, url string, body map[string]any) (int, map[string]any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute+loadTimeout)
	defer cancel()
	data, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		t.Error(err)
		return 0, nil
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		t.Error(err)
		return 0, nil
	}
	defer resp.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Errorf("%s: answer %d is not JSON: %v", url, resp.StatusCode, err)
	}
	io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, out
}

// info reads the server's /api/info.
func info(t *testing.T, client *http.Client, url string) serverInfo {
	t.Helper()
	var in serverInfo
	resp, err := client.Get(url + "api/info")
	if err != nil {
		t.Error(err)
		return in
	}
	defer resp.Body.Close()
	json.NewDecoder(resp.Body).Decode(&in)
	return in
}

// vmRSS returns the resident memory of a running process in bytes, or 0
// where /proc does not say.
func vmRSS(pid int) int64 { return procStatus(pid, "VmRSS") << 10 }

// vmHWM returns the peak resident memory of a running process in KiB, or
// 0 where /proc does not say.
func vmHWM(pid int) int64 { return procStatus(pid, "VmHWM") }

// procStatus returns a line of /proc/PID/status in kB, or 0 where /proc
// does not say.
func procStatus(pid int, key string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, key+":"); ok {
			var kb int64
			fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), &kb)
			return kb
		}
	}
	return 0
}
