package variant

// Sentinels returns the sentinel errors of the model: every exported Err
// variable but those of reading pencil marks and killer strings (marks.go,
// snarf.go, sudocue.go: input formats, read before a puzzle reaches an
// engine), so that an error crossing a process boundary (the batch
// workers, package internal/workerproto) keeps its identity for
// errors.Is. A new sentinel belongs in this list; workerproto's tests read
// the package's source and fail for one that is not.
func Sentinels() []error {
	return []error{ErrRule, ErrInvalid, ErrUnknownRule, ErrRegions}
}
