package batch_test

import (
	"os"
	"testing"

	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/internal/proctest"
)

// mark tags every process this test binary starts, so that the end of
// TestMain can check that none is left.
var mark = proctest.NewMark()

func TestMain(m *testing.M) {
	if poison := os.Getenv(poisonVar); poison != "" {
		servePoisoned(poison)
	}
	if dir := os.Getenv(gateVar); dir != "" {
		batch.SetBeforeSolve(func() { gate(dir) })
	}
	batch.ServeWorkerIfChild()
	if os.Getenv(proctest.Var) == "" {
		os.Setenv(proctest.Var, mark)
	} else {
		mark = os.Getenv(proctest.Var)
	}
	code := m.Run()
	if code == 0 && proctest.Supported() {
		if left := proctest.Leftovers(mark); len(left) > 0 {
			code = 1
			for _, p := range left {
				os.Stderr.WriteString("left running: " + p.Command + "\n")
			}
		}
	}
	os.Exit(code)
}
