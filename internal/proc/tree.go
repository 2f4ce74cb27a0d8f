package proc

import (
	"fmt"
	"os"
	"os/exec"
	"sync/atomic"
	"time"
)

// TreeVar is the environment variable that marks every process of a Tree:
// the child gets it and its descendants inherit it, so that one that has
// left the child's process group (setsid) is still known as part of the
// tree.
const TreeVar = "SATDOKU_PROC_TREE"

var treeSeq atomic.Int64

// Tree is a child process and every process it starts, however far they
// go: Kill ends them all. Its guarantee depends on the system:
//
//   - Linux: this process becomes a child subreaper
//     (PR_SET_CHILD_SUBREAPER), so that a descendant whose parent has
//     died, even one in a session of its own (setsid), is adopted by this
//     process rather than by init. Kill kills the child's process group,
//     then every adopted process that carries the tree's mark (TreeVar),
//     again and again as their own children are adopted in turn, and
//     reaps them, so that none is left running or as a zombie. A
//     descendant that both clears its environment and leaves the group is
//     adopted and reaped when it ends, but not killed.
//   - other Unix systems: Kill kills the child's process group; a
//     descendant that leaves the group (setsid) is not reached.
//   - Windows: Kill kills the child process only.
type Tree struct {
	cmd  *exec.Cmd
	mark string
}

// NewTree prepares cmd, not yet started, as the root of a tree: it calls
// Prepare, adds the tree's mark to cmd's environment (os.Environ() when
// cmd.Env is nil), and on Linux makes this process a child subreaper.
func NewTree(cmd *exec.Cmd) *Tree {
	Prepare(cmd)
	t := &Tree{cmd: cmd, mark: fmt.Sprintf("%d-%d-%d", os.Getpid(), time.Now().UnixNano(), treeSeq.Add(1))}
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, TreeVar+"="+t.mark)
	becomeSubreaper()
	return t
}

// Kill ends every process of the tree that can be reached (see Tree) and
// returns once they are gone or after a few seconds. Call it once
// cmd.Wait has returned: the child itself is Wait's to reap (to stop the
// tree earlier, KillGroup the child, Wait, then Kill). It does nothing when
// cmd was never started.
func (t *Tree) Kill() {
	if t.cmd.Process == nil {
		return
	}
	killGroup(t.cmd.Process.Pid)
	killAdopted(t.cmd.Process.Pid, t.mark)
}
