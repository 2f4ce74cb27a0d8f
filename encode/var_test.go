package encode_test

import (
	"fmt"
	"testing"

	"github.com/satdoku/satdoku/encode"
)

// TestNumberingBijection checks, for every supported side up to 36, that
// Var maps the n³ (row, column, digit) triples onto 1..n³ one to one, that
// Unvar inverts it, that CellVar agrees, and that Primary tells them from
// the auxiliaries.
func TestNumberingBijection(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 4, 6, 8, 9, 10, 12, 15, 16, 20, 25, 36} {
		seen := make([]bool, encode.NumVars(n)+1)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				for d := 1; d <= n; d++ {
					v := encode.Var(n, r, c, d)
					if v < 1 || v > encode.NumVars(n) {
						t.Fatalf("n=%d: Var(%d,%d,%d) = %d, outside 1..%d", n, r, c, d, v, encode.NumVars(n))
					}
					if seen[v] {
						t.Fatalf("n=%d: Var(%d,%d,%d) = %d twice", n, r, c, d, v)
					}
					seen[v] = true
					if gr, gc, gd := encode.Unvar(n, v); gr != r || gc != c || gd != d {
						t.Fatalf("n=%d: Unvar(%d) = (%d,%d,%d), want (%d,%d,%d)", n, v, gr, gc, gd, r, c, d)
					}
					if cv := encode.CellVar(n, r*n+c, d); cv != v {
						t.Fatalf("n=%d: CellVar = %d, Var = %d", n, cv, v)
					}
					if !encode.Primary(n, v) {
						t.Fatalf("n=%d: Primary(%d) is false", n, v)
					}
				}
			}
		}
		for _, v := range []int{0, -1, encode.NumVars(n) + 1} {
			if encode.Primary(n, v) {
				t.Errorf("n=%d: Primary(%d) is true", n, v)
			}
		}
	}
	// The public formula for 9×9: 81·r + 9·c + d.
	if v := encode.Var(9, 8, 8, 9); v != 729 || encode.Var(9, 2, 5, 7) != 81*2+9*5+7 {
		t.Errorf("9×9 numbering is not 81r + 9c + d")
	}
}

func ExampleVar() {
	// Cell (r, c) = (0, 0) holds 1; the last cell holds 9; row 3, column 5
	// (0-based 2, 4) holds 7.
	fmt.Println(encode.Var(9, 0, 0, 1), encode.Var(9, 8, 8, 9), encode.Var(9, 2, 4, 7))
	fmt.Println(encode.Unvar(9, 205))
	// Output:
	// 1 729 205
	// 2 4 7
}
