// Package encode turns a board into a Formula over one public variable
// numbering and writes it as DIMACS CNF or as OPB. Encode writes the
// classic encodings; Fast writes the formula the SAT engine solves, over
// the candidates that package propagate leaves.
//
// Variable Var(n, r, c, d) = r·n² + c·n + d, with r and c 0-based and the
// digit d 1-based, means "cell (r, c) holds d". For 9×9 that is
// 81·r + 9·c + d, variables 1..729. The numbering is what WriteDIMACS
// writes and what package decode reads back, so it never changes; encodings
// that need auxiliary variables number them after n³.
//
// A Formula keeps its structure as data: clauses, cardinality constraints
// (Card: at least, at most or exactly k of some literals; the exactly-one
// and at-most-one groups of Sudoku are Cards with k = 1) and weighted sums
// (Sum: Σ wᵢ·litᵢ compared with k). Each consumer writes them as it needs:
// package solver hands them to gophersat as native constraints, WriteOPB
// writes them as pseudo-Boolean constraints, and WriteDIMACS expands them
// into clauses — at-most-one groups with the AMO encoding chosen
// (pairwise, sequential, commander or product), other cardinality
// constraints and sums with a sequential counter whose auxiliary variables
// come after the formula's. A rule of a Sudoku variant is a few more
// constraints:
//
//	f, _ := encode.Encode(puzzle, encode.Options{})   // the classic rules
//	cage := []int{0, 1, 9}                            // cells r·9 + c
//	f.AddSum(encode.DigitSum(9, 1, cage...), encode.Equal, 15) // killer sum
//	for d := 1; d <= 9; d++ {                         // no repeated digit
//		var lits []encode.Lit
//		for _, c := range cage {
//			lits = append(lits, encode.Lit(encode.CellVar(9, c, d)))
//		}
//		f.AddAtMostOne(lits...)
//	}
//	odd := f.NewVar() // an auxiliary variable, 730: "r5c5 is odd"
//	terms := []encode.Term{{Weight: -1, Lit: odd}}
//	for d := 1; d <= 9; d += 2 {
//		terms = append(terms, encode.Term{Weight: 1, Lit: encode.Lit(encode.CellVar(9, 40, d))})
//	}
//	f.AddSum(terms, encode.Equal, 0) // odd = [r5c5 is 1, 3, 5, 7 or 9]
package encode
