package encode

// Var returns the 1-based DIMACS variable meaning "cell (r, c) holds digit d"
// on a board of side n: r·n² + c·n + d, with r, c in 0..n−1 and d in 1..n.
func Var(n, r, c, d int) int { return r*n*n + c*n + d }

// CellVar returns Var for a cell index r·n + c: cell·n + d.
func CellVar(n, cell, d int) int { return cell*n + d }

// Unvar inverts Var: for v in 1..n³ it returns the row, column (0-based) and
// digit (1-based). The result for v outside 1..n³ is meaningless; see Primary.
func Unvar(n, v int) (r, c, d int) {
	v--
	d = v%n + 1
	v /= n
	return v / n, v % n, d
}

// Primary reports whether v is one of the n³ variables of the public
// numbering, as opposed to an auxiliary one.
func Primary(n, v int) bool { return v >= 1 && v <= n*n*n }

// NumVars returns n³, the number of primary variables.
func NumVars(n int) int { return n * n * n }
