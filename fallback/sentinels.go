package fallback

// Sentinels returns the sentinel errors of this package: every
// exported Err variable, so that an error crossing a process boundary
// (the batch workers, package internal/workerproto) keeps its identity for
// errors.Is. A new sentinel belongs in this list; workerproto's tests read
// the package's source and fail for one that is not.
func Sentinels() []error {
	return []error{ErrUnknownRule, ErrNodeLimit, ErrStopped}
}
