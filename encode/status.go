package encode

import "strconv"

// Status is the verdict of a SAT solver on a formula.
type Status int

// The possible verdicts. The zero value is Unknown.
const (
	Unknown Status = iota // undecided: interrupted, timed out or given up
	Sat                   // satisfiable: a model exists
	Unsat                 // unsatisfiable: no model exists
)

// String returns "UNKNOWN", "SATISFIABLE" or "UNSATISFIABLE", the words of
// the SAT competition's "s" line; it never panics, even on values not listed.
func (s Status) String() string {
	switch s {
	case Sat:
		return "SATISFIABLE"
	case Unsat:
		return "UNSATISFIABLE"
	case Unknown:
		return "UNKNOWN"
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}
