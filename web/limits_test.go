package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/engine"
	"github.com/satdoku/satdoku/variant"
)

// TestSolveSlots takes slots in turn and checks each grant and refusal:
// the bound on solves, the slot that boards over 9×9 leave free, and the
// share of one remote client (not of loopback ones, which are every page
// of this machine).
func TestSolveSlots(t *testing.T) {
	t.Parallel()
	type step struct {
		client string
		side   int
		ok     bool
	}
	for _, tt := range []struct {
		name  string
		max   int
		steps []step
	}{
		{"one slot", 1, []step{{"10.0.0.1", 25, true}, {"10.0.0.2", 9, false}, {"10.0.0.2", 16, false}}},
		{"two slots: one kept for small boards", 2, []step{
			{"10.0.0.1", 16, true}, {"10.0.0.2", 25, false}, {"10.0.0.2", 9, true}, {"10.0.0.3", 4, false}}},
		{"two slots: small boards take both", 2, []step{{"10.0.0.1", 9, true}, {"10.0.0.1", 9, true}, {"10.0.0.1", 9, false}}},
		{"five slots: a remote client's share", 5, []step{
			{"10.0.0.1", 16, true}, {"10.0.0.1", 16, true}, {"10.0.0.1", 16, false}, {"10.0.0.2", 25, true},
			{"10.0.0.3", 16, true}, {"10.0.0.3", 16, false}, {"10.0.0.1", 9, true}, {"10.0.0.1", 9, false}}},
		{"five slots: loopback has no share", 5, []step{
			{"127.0.0.1", 16, true}, {"127.0.0.1", 16, true}, {"::1", 16, true}, {"127.0.0.1", 16, true},
			{"127.0.0.1", 16, false}, {"127.0.0.1", 9, true}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newSolveSlots(tt.max)
			var releases []func()
			for i, st := range tt.steps {
				release, why := s.take(st.client, st.side)
				if (release != nil) != st.ok || (release == nil) == (why == "") {
					t.Fatalf("step %d (%s, %dx%d): granted %v (%q), want %v", i+1, st.client, st.side, st.side, release != nil, why, st.ok)
				}
				if release != nil {
					releases = append(releases, release)
				}
			}
			for _, r := range releases {
				r()
				r() // a second call gives nothing back twice
			}
			if s.count() != 0 || s.large != 0 || len(s.byClient) != 0 {
				t.Errorf("after every release: %d running, %d large, %v", s.count(), s.large, s.byClient)
			}
		})
	}
}

// TestStoppableSolveFreesItsSlot: with Config.Solve, a solve that runs
// until its time limit gives its slot back before the answer is sent, so
// the next request is served at once; the classic, variant and candidate
// requests all go to it.
func TestStoppableSolveFreesItsSlot(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var kinds []string
	solve := func(ctx context.Context, p *variant.Puzzle, o engine.Options) engine.Result {
		kind := "classic"
		switch {
		case o.Candidates:
			kind = "candidates"
		case len(p.Rules) > 0:
			kind = "variant"
		}
		mu.Lock()
		kinds = append(kinds, kind)
		mu.Unlock()
		<-ctx.Done()
		return engine.Result{Status: engine.Timeout, Err: ctx.Err()}
	}
	srv, h := newTestServer(t, Config{MaxSolves: 1, SolveTimeout: 20 * time.Millisecond, Solve: solve})
	for _, req := range []Request{{Puzzle: classic}, {Puzzle: classic, Rules: "diagonals"}, {Puzzle: classic, Candidates: true}} {
		code, _, resp := post(t, srv, "/api/solve", req)
		if code != 200 || resp.Status != StatusTimeout || !strings.Contains(resp.Error, "time limit of 20ms") {
			t.Errorf("%+v: %d %+v", req, code, resp)
		}
		if n := h.solves.count(); n != 0 {
			t.Errorf("%+v: %d slots held once answered", req, n)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if strings.Join(kinds, " ") != "classic variant candidates" {
		t.Errorf("Solve ran for %q", kinds)
	}
}

// TestRenderBounds: a render beyond MaxRenders at once is answered 503
// busy, and a picture larger than MaxPicture 413, for /api/render and
// /api/solve alike; a solve that finds every render slot taken answers
// without its picture.
func TestRenderBounds(t *testing.T) {
	t.Parallel()
	srv, h := newTestServer(t, Config{MaxRenders: 1, SolveTimeout: 50 * time.Millisecond})
	h.renders <- struct{}{} // the one render slot is taken
	code, hdr, resp := post(t, srv, "/api/render", Request{Puzzle: classic})
	if code != http.StatusServiceUnavailable || resp.Status != StatusBusy || hdr.Get("Retry-After") != "1" || !strings.Contains(resp.Error, "1 pictures are being drawn") {
		t.Errorf("render while drawing: %d %+v", code, resp)
	}
	code, _, resp = post(t, srv, "/api/solve", Request{Puzzle: classic})
	if code != 200 || resp.Status != StatusSolved || resp.SVG != "" || !strings.Contains(resp.Error, "no picture") {
		t.Errorf("solve while drawing: %d %q %q, svg %d bytes", code, resp.Status, resp.Error, len(resp.SVG))
	}
	<-h.renders
	if code, _, resp := post(t, srv, "/api/render", Request{Puzzle: classic}); code != 200 || resp.SVG == "" {
		t.Errorf("render once free: %d %+v", code, resp.Error)
	}

	srv, _ = newTestServer(t, Config{MaxPicture: 2000})
	for _, path := range []string{"/api/render", "/api/solve"} {
		code, _, resp := post(t, srv, path, Request{Puzzle: classic})
		if code != http.StatusRequestEntityTooLarge || resp.Status != StatusInvalid || !strings.Contains(resp.Error, "limit of 2000") {
			t.Errorf("%s of a picture over the limit: %d %+v", path, code, resp)
		}
		if code, _, resp := post(t, srv, path, Request{Puzzle: classic, Picture: "none"}); code != 200 {
			t.Errorf("%s without a picture: %d %+v", path, code, resp)
		}
	}
}

// TestSolveAnswersChecked: an answer of Config.Solve that breaks a rule,
// for a classic puzzle as for a variant one, is an error, not a solution.
func TestSolveAnswersChecked(t *testing.T) {
	t.Parallel()
	liar := func(_ context.Context, p *variant.Puzzle, _ engine.Options) engine.Result {
		wrong := p.Givens.Clone()
		for i := range wrong.Cells {
			wrong.Cells[i] = 1
		}
		return engine.Result{Status: engine.Solved, Solution: wrong, Engine: "liar"}
	}
	srv, _ := newTestServer(t, Config{Solve: liar})
	for _, req := range []Request{{Puzzle: classic}, {Puzzle: classic, Rules: "antiknight"}} {
		code, _, resp := post(t, srv, "/api/solve", req)
		if code != 200 || resp.Status != StatusError || resp.Solution != nil || !strings.Contains(resp.Error, "breaks a rule") {
			t.Errorf("%+v: %d %q %q", req, code, resp.Status, resp.Error)
		}
	}
}

// TestRequestNumbers: a count or givens written 2e0, 2.0 or 0.5e1 read as
// the whole numbers JSON says they are.
func TestRequestNumbers(t *testing.T) {
	t.Parallel()
	srv, _ := newTestServer(t, Config{})
	want, err := board.Parse(classic)
	if err != nil {
		t.Fatal(err)
	}
	givens := make([]string, len(want.Cells))
	for i, d := range want.Cells {
		givens[i] = fmt.Sprintf("%d.0", d)
		if i%2 == 1 {
			givens[i] = fmt.Sprintf("%de0", d)
		}
	}
	body := `{"givens":[` + strings.Join(givens, ",") + `],"count":2e0,"picture":"none"}`
	code, _, resp := postRaw(t, srv, "/api/solve", "application/json", []byte(body))
	if code != 200 || resp.Status != StatusSolved || resp.Solutions == nil || *resp.Solutions != 1 || resp.Unique == nil || !*resp.Unique {
		t.Fatalf("%d %+v", code, resp)
	}
	for i, d := range resp.Givens {
		if d != int(want.Cells[i]) {
			t.Fatalf("givens %v, want those of %s", resp.Givens, classic)
		}
	}
}
