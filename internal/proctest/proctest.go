// Package proctest finds processes that tests left running. A test marks
// the processes it starts with an environment variable (Env), which their
// own children inherit, so that even a grandchild adopted by init after its
// parent died is found by Leftovers. It reads /proc, so it finds nothing
// where there is none (any system but Linux): Supported says so.
// GoroutinesBack does the same for the goroutines a test started.
package proctest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Var is the environment variable that carries a mark.
const Var = "SATDOKU_PROCTEST_MARK"

var seq atomic.Int64

// NewMark returns a mark no other call in any process returns.
func NewMark() string {
	return fmt.Sprintf("%d-%d-%d", os.Getpid(), time.Now().UnixNano(), seq.Add(1))
}

// Env returns the environment of this process with mark set, for
// exec.Cmd.Env.
func Env(mark string, extra ...string) []string {
	env := make([]string, 0, len(os.Environ())+1+len(extra))
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, Var+"=") {
			env = append(env, kv)
		}
	}
	return append(append(env, Var+"="+mark), extra...)
}

// Supported reports whether Leftovers can see other processes.
func Supported() bool {
	_, err := os.Stat("/proc/self/environ")
	return err == nil
}

// Proc is a process found by Leftovers.
type Proc struct {
	PID     int
	Command string // its command line, arguments separated by spaces
}

// Leftovers returns the running processes, other than this one, that carry
// mark. Zombies (ended, not yet waited for) are not running and not listed.
func Leftovers(mark string) []Proc {
	want := []byte(Var + "=" + mark + "\x00")
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var out []Proc
	for _, d := range dirs {
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, err := os.ReadFile(filepath.Join(d, "environ"))
		if err != nil || !bytes.Contains(append(env, 0), want) {
			continue
		}
		cmd, _ := os.ReadFile(filepath.Join(d, "cmdline"))
		out = append(out, Proc{pid, strings.TrimSpace(strings.ReplaceAll(string(cmd), "\x00", " "))})
	}
	return out
}

// CheckNone fails the test if processes carrying mark are still running
// after a generous grace period (a killed process takes a moment to go).
func CheckNone(tb testing.TB, mark string) {
	tb.Helper()
	if !Supported() {
		return
	}
	var left []Proc
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if left = Leftovers(mark); len(left) == 0 {
			return
		}
	}
	for _, p := range left {
		tb.Errorf("left running: pid %d: %s", p.PID, p.Command)
	}
}

// Run runs the tests of a test binary with mark set, so that every process
// they start carries it, and returns the exit code for TestMain: that of
// the tests, or 1 if they passed but left a marked process running.
func Run(m *testing.M, mark string) int {
	os.Setenv(Var, mark)
	code := m.Run()
	if code == 0 && Supported() {
		if left := Leftovers(mark); len(left) > 0 {
			code = 1
			for _, p := range left {
				fmt.Fprintf(os.Stderr, "left running: pid %d: %s\n", p.PID, p.Command)
			}
		}
	}
	return code
}

// Command returns this test binary, run with args and the environment
// variable setting env ("NAME=1": the one that makes its TestMain run the
// program instead of the tests), as a process of its own, not yet started.
// Its processes carry a mark of their own, returned too, which the test
// checks for leftovers when it ends; a process the test left running is
// killed then.
func Command(t *testing.T, env string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	m := NewMark()
	t.Cleanup(func() { CheckNone(t, m) })
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = Env(m, env)
	t.Cleanup(func() { // a test that failed half-way
		if cmd.Process != nil && cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return cmd, m
}

// GoroutinesBack waits until no more goroutines run than before, for as
// long as ctx allows, and reports how many run and whether they came
// back. A stopped search's goroutine that has signalled its end takes a
// moment more to go, longer on a busy machine: give ctx a bound that only
// a goroutine that never ends meets (a deadlock guard, not a measure of
// time).
func GoroutinesBack(ctx context.Context, before int) (int, bool) {
	for {
		n := runtime.NumGoroutine()
		if n <= before {
			return n, true
		}
		select {
		case <-ctx.Done():
			return n, false
		case <-time.After(time.Millisecond):
		}
	}
}
