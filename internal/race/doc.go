// Package race reports whether the race detector is built in.
//
// The race run (go test -race -short ./...) is there for the code that runs
// goroutines: the batch, the engine shared between goroutines, the worker
// processes, the web server. Tests whose work is sequential computation, or
// happens in another program (external SAT solvers, shells, a browser),
// learn nothing from the detector and run five to ten times slower under
// it; they call SkipSequential or SkipExternal and leave the race run to
// the others. Without this, the race run would cost CI as much as all the
// other tests.
package race
