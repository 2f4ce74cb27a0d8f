package proc

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

var subreaper sync.Once

// becomeSubreaper makes this process adopt the orphans of its
// descendants, once. Go's os/exec waits for each of its children by pid,
// never for any child, so an adopted process is reaped only by
// killAdopted: a process adopted outside a Tree (say, a worker's
// grandchild after the worker died) stays a zombie until this process
// ends, which costs a slot in the process table and nothing else.
func becomeSubreaper() {
	subreaper.Do(func() { unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) })
}

// treeGrace bounds how long killAdopted waits for the processes of a
// tree to die and be adopted: SIGKILL cannot be caught, so this is only
// the kernel's own time, and only a process stuck in the kernel (an
// unresponsive disk) is left behind when it runs out.
const treeGrace = 5 * time.Second

// killAdopted kills and reaps the processes of a tree that this process
// has adopted, until none is left: the group led by root is gone and no
// child of this process carries mark, or belongs to that group or to the
// group or session of a process of the tree (a zombie's environment can
// no longer be read; its group and session can).
func killAdopted(root int, mark string) {
	want := []byte(TreeVar + "=" + mark + "\x00")
	self := os.Getpid()
	ours := map[int]bool{root: true} // pids known to be of the tree
	deadline := time.Now().Add(treeGrace)
	for pause := 100 * time.Microsecond; ; pause = min(2*pause, 20*time.Millisecond) {
		pending := unix.Kill(-root, 0) == nil // group members not yet dead and adopted
		for _, pid := range children() {
			st, ok := readStat(pid)
			if !ok || st.ppid != self || pid == root { // root is its exec.Cmd's to reap
				continue
			}
			mine := ours[pid] || ours[st.pgrp] || ours[st.session]
			if !mine && st.state != 'Z' {
				env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
				mine = err == nil && bytes.Contains(append(env, 0), want)
			}
			if !mine {
				continue
			}
			ours[pid] = true
			pending = true
			if st.state == 'Z' {
				var ws unix.WaitStatus
				unix.Wait4(pid, &ws, unix.WNOHANG, nil)
				continue
			}
			// Not a zombie yet: killed (again), it is one at a next look.
			unix.Kill(pid, unix.SIGKILL)
		}
		if !pending || time.Now().After(deadline) {
			return
		}
		time.Sleep(pause)
	}
}

// children lists the children of this process, from every thread's list.
func children() []int {
	files, _ := filepath.Glob("/proc/self/task/*/children")
	var pids []int
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, field := range strings.Fields(string(data)) {
			if pid, err := strconv.Atoi(field); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// stat is what killAdopted needs of /proc/PID/stat.
type stat struct {
	state               byte
	ppid, pgrp, session int
}

// readStat reads a process's state, parent, group and session.
func readStat(pid int) (stat, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return stat{}, false
	}
	// The command name, in parentheses, may hold spaces and parentheses:
	// the fields that follow start after the last ')'.
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return stat{}, false
	}
	f := strings.Fields(string(data[i+1:]))
	if len(f) < 4 || len(f[0]) != 1 {
		return stat{}, false
	}
	var st stat
	st.state = f[0][0]
	var e1, e2, e3 error
	st.ppid, e1 = strconv.Atoi(f[1])
	st.pgrp, e2 = strconv.Atoi(f[2])
	st.session, e3 = strconv.Atoi(f[3])
	return st, e1 == nil && e2 == nil && e3 == nil
}
