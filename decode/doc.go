// Package decode turns a SAT solver's answer back into a Sudoku grid: it
// reads the output of any common SAT solver into a model, and maps a model
// over the public variable numbering of package encode to a verified board.
//
// # Models
//
// A model is a []bool indexed by DIMACS variable: model[v] is the value of
// variable v, and model[0] is unused. Only the N³ primary variables
// encode.Var(N, r, c, d) matter; variables above N³ are the auxiliaries of
// some encoding and are ignored. Board rejects, with an error naming the cell
// in r1c1 notation and the digits concerned, a model that is too short, that
// leaves a cell without a digit or gives it two, that changes a given, or
// that breaks a rule. It never returns a wrong grid: every board it returns
// passes board.Verify against its puzzle.
//
// # Solver output
//
// ReadOutput reads these conventions, and mixtures of them:
//
// SAT-competition output, as printed by CaDiCaL, Kissat, CryptoMiniSat,
// PicoSAT, Lingeling and Glucose on standard output: "c" comment lines, one
// "s" line, and "v" lines of literals wrapped at any width, the last one
// usually ending in 0:
//
//	c a comment
//	s SATISFIABLE
//	v 1 -2 -3
//	v 4 0
//
// The status word is SATISFIABLE, UNSATISFIABLE or UNKNOWN. The
// pseudo-Boolean competition's output, as printed by MiniSat+ for the OPB
// that encode.Formula.WriteOPB writes, is the same with literals named
// after the OPB variables and no terminating 0; variable xN is DIMACS
// variable N:
//
//	s SATISFIABLE
//	v x1 -x2 -x3 x4
//
// MiniSat's result file (minisat in.cnf out.txt): a status word SAT, UNSAT
// or INDET on a line of its own (SATISFIABLE, UNSATISFIABLE, UNKNOWN and
// INDETERMINATE are accepted there too), then, for SAT, one line of
// literals ending in 0:
//
//	SAT
//	1 -2 -3 4 0
//
// A bare model line with no header at all, as in Glucose's result file:
//
//	1 -2 -3 4 0
//
// Blank lines are skipped, and so is any line whose first non-blank byte is
// 'c'. Spaces, tabs and carriage returns separate words, so CRLF line ends
// are fine. A variable that never appears in the model is false. A variable
// that appears both positive and negative, a literal after the terminating
// 0, a second status line, a model next to an UNSATISFIABLE or UNKNOWN
// status, a SATISFIABLE status without a model, and input with neither a
// status nor a model are errors. Every error of ReadOutput is a *ParseError
// giving the 1-based line and column.
//
// Memory stays bounded whatever the input: lines are never held whole (they
// may be of any length), the input as a whole is limited to MaxInputSize
// bytes and variables to MaxVar.
//
// # Outcomes
//
// Result combines the two steps and sorts the outcomes the way the satdoku
// command reports them: a verified grid (exit status 0), no solution
// (encode.Unsat with a nil error: the puzzle has none; the same exit status
// as solve's "no solution"), undecided (ErrUndecided: the solver gave up,
// which says nothing about the puzzle), and a rejected model (any other
// error: the solver or its output is broken, never the puzzle's fault).
package decode
