package batch

// SetBeforeSolve sets a function called before each puzzle this process
// solves, as the batch's own solver or as a worker process.
func SetBeforeSolve(f func()) {
	if f == nil {
		beforeSolve.Store(nil)
		return
	}
	beforeSolve.Store(&f)
}
