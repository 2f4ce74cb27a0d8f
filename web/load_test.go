package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/puzzlegen"
)

// loadCase is one request of the load test and what its answer must be.
type loadCase struct {
	req    Request
	puzzle *board.Board // nil for an invalid request
	want   string       // StatusSolved, StatusNoSolution or StatusInvalid
}

func loadCases(rng *rand.Rand) []loadCase {
	var out []loadCase
	for range 12 {
		sol := puzzlegen.Grid(rng, board.Classic)
		p := puzzlegen.Proper(rng, sol, 0.7)
		out = append(out, loadCase{Request{Puzzle: string(board.AppendLine(nil, p, board.Default)), Count: 2, Picture: "none"}, p, StatusSolved})
	}
	for range 3 {
		sol := puzzlegen.Grid(rng, board.Square(4))
		p := puzzlegen.Holes(rng, sol, 0.5)
		out = append(out, loadCase{Request{Puzzle: string(board.AppendLine(nil, p, board.Default))}, p, StatusSolved})
	}
	for range 3 {
		sol := puzzlegen.Grid(rng, board.Classic)
		p := puzzlegen.NoSolution(rng, puzzlegen.Proper(rng, sol, 0.6))
		out = append(out, loadCase{Request{Puzzle: string(board.AppendLine(nil, p, board.Default)), Explain: true, Picture: "none"}, p, StatusNoSolution})
	}
	out = append(out,
		loadCase{Request{Puzzle: classic, Show: "both"}, mustParse(classic), StatusSolved},
		loadCase{Request{Puzzle: "53..7....6..195..x"}, nil, StatusInvalid},
	)
	return out
}

func mustParse(s string) *board.Board {
	b, err := board.Parse(s)
	if err != nil {
		panic(err)
	}
	return b
}

// loadResult tallies a load run.
type loadResult struct {
	mu        sync.Mutex
	byStatus  map[string]int
	latencies []time.Duration
}

func (r *loadResult) add(status string, d time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.byStatus[status]++
	r.latencies = append(r.latencies, d)
}

func (r *loadResult) percentile(p float64) time.Duration {
	slices.Sort(r.latencies)
	return r.latencies[min(len(r.latencies)-1, int(p*float64(len(r.latencies))))]
}

// runLoad sends requests requests over conns connections at once and
// checks every answer.
func runLoad(t *testing.T, srv *httptest.Server, cases []loadCase, requests, conns int) *loadResult {
	t.Helper()
	tr := &http.Transport{MaxConnsPerHost: conns, MaxIdleConnsPerHost: conns}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	res := &loadResult{byStatus: map[string]int{}}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			for i := range jobs {
				lc := cases[i%len(cases)]
				start := time.Now()
				status, err := loadOne(client, srv.URL, lc)
				if err != nil {
					t.Errorf("request %d: %v", i, err)
					continue
				}
				res.add(status, time.Since(start))
			}
		})
	}
	for i := range requests {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return res
}

// loadOne sends one request and checks its answer, returning its status.
func loadOne(client *http.Client, url string, lc loadCase) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	body, _ := json.Marshal(lc.req)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"/api/solve", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var r Response
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return "", fmt.Errorf("answer %d is not JSON: %v", resp.StatusCode, err)
	}
	if resp.StatusCode == http.StatusServiceUnavailable {
		if r.Status != StatusBusy || resp.Header.Get("Retry-After") != "1" || !strings.Contains(r.Error, "busy") {
			return "", fmt.Errorf("malformed busy answer: %v %+v", resp.Header, r)
		}
		return StatusBusy, nil
	}
	if r.Status != lc.want {
		return "", fmt.Errorf("status %d %q (%s), want %q", resp.StatusCode, r.Status, r.Error, lc.want)
	}
	switch lc.want {
	case StatusSolved:
		sol := board.New(lc.puzzle.Shape)
		line, _ := r.Solution.(string)
		if len(line) != len(sol.Cells) {
			return "", fmt.Errorf("solution %v, not a line of %d cells", r.Solution, len(sol.Cells))
		}
		for i := range line {
			d, _ := board.Default.Digit(line[i])
			sol.Cells[i] = uint8(d)
		}
		if err := board.Verify(lc.puzzle, sol); err != nil {
			return "", fmt.Errorf("wrong solution: %v", err)
		}
		if lc.req.Count == 2 && (r.Unique == nil || !*r.Unique) {
			return "", fmt.Errorf("a proper puzzle not reported unique: %+v", r)
		}
	case StatusNoSolution:
		if len(r.ConflictCells) == 0 && len(r.Clashes) == 0 {
			return "", fmt.Errorf("no explanation for a puzzle with no solution")
		}
	case StatusInvalid:
		if resp.StatusCode != http.StatusBadRequest || r.Error == "" {
			return "", fmt.Errorf("invalid puzzle answered %d %q", resp.StatusCode, r.Error)
		}
	}
	return r.Status, nil
}

func heapAlloc() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestLoad sends 200 requests over 16 connections at once, twice: with the
// default bound on solves (most requests are answered busy, and every busy
// answer must be well formed) and with a bound of 16 (none are). Every
// answer must be right, no request may hang (each has a deadline), and the
// heap must come back to where it started.
func TestLoad(t *testing.T) {
	requests, conns := 200, 16
	if testing.Short() {
		requests = 60
	}
	cases := loadCases(rand.New(rand.NewPCG(5, 6)))
	goroutines := runtime.NumGoroutine()
	before := heapAlloc()
	for _, limit := range []int{DefaultMaxSolves, conns} {
		t.Run(fmt.Sprintf("max-solves-%d", limit), func(t *testing.T) {
			h := NewHandler(Config{MaxSolves: limit})
			srv := httptest.NewServer(h)
			start := time.Now()
			res := runLoad(t, srv, cases, requests, conns)
			elapsed := time.Since(start)
			waitIdle(t, h)
			srv.Close()
			total := 0
			for _, n := range res.byStatus {
				total += n
			}
			if total != requests {
				t.Errorf("%d answers checked, want %d", total, requests)
			}
			if limit >= conns && res.byStatus[StatusBusy] != 0 {
				t.Errorf("%d busy answers with a slot per connection", res.byStatus[StatusBusy])
			}
			t.Logf("%d requests over %d connections, max %d solves: %v (%.0f requests/s); answers %v; latency p50 %v, p99 %v, max %v",
				requests, conns, limit, elapsed.Round(time.Millisecond), float64(requests)/elapsed.Seconds(), res.byStatus,
				res.percentile(0.5).Round(time.Microsecond), res.percentile(0.99).Round(time.Microsecond), res.percentile(1).Round(time.Microsecond))
		})
	}
	after := heapAlloc()
	growth := int64(after) - int64(before)
	t.Logf("heap before %.1f MiB, after %.1f MiB", float64(before)/(1<<20), float64(after)/(1<<20))
	if growth > 16<<20 {
		t.Errorf("heap grew by %.1f MiB", float64(growth)/(1<<20))
	}
	// Every handler goroutine has ended: nothing hangs (the wait ends as
	// soon as they have; only one that never ends meets its bound).
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	for runtime.NumGoroutine() > goroutines+2 {
		select {
		case <-ctx.Done():
			t.Fatalf("%d goroutines left, %d at the start", runtime.NumGoroutine(), goroutines)
		case <-time.After(time.Millisecond):
		}
	}
}
