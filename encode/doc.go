// Package encode turns a board into CNF over one public variable numbering
// and writes it as DIMACS. Fast writes its formula over the candidates
// that package propagate leaves.
//
// Variable Var(n, r, c, d) = r·n² + c·n + d, with r and c 0-based and the
// digit d 1-based, means "cell (r, c) holds d". For 9×9 that is
// 81·r + 9·c + d, variables 1..729. The numbering is what WriteDIMACS
// writes and what package decode reads back, so it never changes; encodings
// that need auxiliary variables number them after n³.
package encode
