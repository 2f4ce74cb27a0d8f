// Package proc runs child processes so that none outlives its parent: each
// child leads a process group of its own, so that killing the group also
// stops whatever the child started (a wrapper script's solver, say); on
// Linux the kernel kills the child when its parent dies (Pdeathsig), and
// elsewhere a child that should not outlive its parent can watch for it
// with ExitWithParent. A Tree goes further where the system allows: on
// Linux it reaches descendants that left the group (setsid) as well.
package proc
