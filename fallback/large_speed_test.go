package fallback

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/testpuzzles"
)

// TestLargeFileSpeed reports, per puzzle of the large-board files of
// testdata/large (or of the files in FALLBACK_SPEED_FILES), the thread CPU
// time and the guesses of the first solution and of counting to 2, each
// bounded by FALLBACK_TIMEOUT (default 60s). Run it with
//
//	FALLBACK_SPEED=1 go test -run TestLargeFileSpeed -v ./fallback
func TestLargeFileSpeed(t *testing.T) {
	if os.Getenv("FALLBACK_SPEED") != "1" {
		t.Skip("set FALLBACK_SPEED=1 to measure the large-board files")
	}
	files := []string{"16x16.txt", "25x25.txt", "25x25-unique.txt"}
	for i, f := range files {
		files[i] = testpuzzles.Path("testdata/large/" + f)
	}
	if list := os.Getenv("FALLBACK_SPEED_FILES"); list != "" {
		files = filepath.SplitList(list)
	}
	timeout := 60 * time.Second
	if v := os.Getenv("FALLBACK_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatal(err)
		}
		timeout = d
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	s := NewSolver()
	for _, f := range files {
		var total time.Duration
		for i, pz := range testpuzzles.Boards(t, f) {
			line := ""
			for _, limit := range []int{1, 2} {
				ctx, cancel := context.WithTimeout(context.Background(), timeout)
				start := threadCPU()
				res, err := s.Solve(ctx, pz, limit)
				d := threadCPU() - start
				cancel()
				total += d
				status := "ok"
				switch {
				case err != nil:
					status = "timeout"
				case res.Count < 1 || board.Verify(pz, res.Solutions[0]) != nil:
					t.Fatalf("%s #%d: bad answer", f, i+1)
				}
				line += " " + formatRun(limit, d, res, status)
			}
			t.Logf("%s #%-2d%s", filepath.Base(f), i+1, line)
		}
		t.Logf("%s total %.0f ms", filepath.Base(f), ms(total))
	}
}

func formatRun(limit int, d time.Duration, res Result, status string) string {
	return fmt.Sprintf("limit %d: %9.1f ms %8d guesses count %d %s", limit, ms(d), res.Guesses, res.Count, status)
}
