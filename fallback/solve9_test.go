package fallback

import (
	"math/bits"
	"testing"
)

// TestPatternTables checks the 9×9 path's pattern tables against their
// definitions: a pattern is a permutation p, using triad (r, p[r]) of each
// row r (bit 3r+p[r] of a triad set).
func TestPatternTables(t *testing.T) {
	t.Parallel()
	var need [6]uint32
	for pi, p := range perms {
		for r := 0; r < 3; r++ {
			need[pi] |= 1 << (3*r + p[r])
		}
	}
	for pi, n := range need {
		if patterns[n] != 1<<pi || patCount[n] != 1 || mustSet[n] != n || !partialPerm[n] {
			t.Errorf("pattern %v: patterns %06b, count %d, must %09b, partial permutation %v", perms[pi], patterns[n], patCount[n], mustSet[n], partialPerm[n])
		}
		if lockMask[n] != patCells[pi] || triadSet(patCells[pi]) != n || peers[n] != all27 {
			t.Errorf("pattern %v: cells %027b, lockMask %027b, peers %027b", perms[pi], patCells[pi], lockMask[n], peers[n])
		}
	}
	if patCount[low9] != 6 || mustSet[low9] != 0 || partialPerm[low9] {
		t.Errorf("all triads: %d patterns, must %09b", patCount[low9], mustSet[low9])
	}
	for s := uint32(0); s < 512; s++ {
		var union uint32
		must := uint32(low9)
		for pi, n := range need {
			if patterns[s]>>pi&1 != 0 {
				if s&n != n {
					t.Fatalf("set %09b holds pattern %v but not its triads", s, perms[pi])
				}
				union |= n
				must &= n
			}
		}
		if patterns[s] == 0 {
			must = 0
		}
		if triadSet(lockMask[s]) != union || mustSet[s] != must || int(patCount[s]) != bits.OnesCount8(patterns[s]) {
			t.Fatalf("set %09b: lockMask keeps %09b, want %09b; must %09b, want %09b", s, triadSet(lockMask[s]), union, mustSet[s], must)
		}
		// lockMask is idempotent: the triads it keeps hold the same patterns.
		if patterns[triadSet(lockMask[s])] != patterns[s] {
			t.Fatalf("set %09b: patterns change under lockMask", s)
		}
	}
	// A stack pattern keeps, in every band, one column of the stack.
	for k := 0; k < 3; k++ {
		stack := (7 << (3 * k)) * uint32(colX3)
		for pi, p := range perms {
			for b := 0; b < 3; b++ {
				if got, want := patKeep[k][pi][b]&stack, uint32(colX3)<<(3*k+p[b]); got != want {
					t.Errorf("stack %d, pattern %v, band %d: keeps %027b of the stack, want %027b", k, p, b, got, want)
				}
				if patKeep[k][pi][b]&^stack != all27&^stack {
					t.Errorf("stack %d, pattern %v, band %d: touches other stacks", k, p, b)
				}
			}
		}
	}
}

// TestStackSet checks stackSet against its definition bit by bit.
func TestStackSet(t *testing.T) {
	t.Parallel()
	for _, w := range []uint32{0, all27, 0x5a5a5a5 & all27, 1, 1 << 26, 0x1c0e07, 0x3f0_0ff & all27} {
		for k := 0; k < 3; k++ {
			var want uint32
			for b := 0; b < 3; b++ {
				for c := 0; c < 3; c++ {
					want |= (w >> (9*b + 3*k + c) & 1) << (3*b + c)
				}
			}
			if got := stackSet(w, k); got != want {
				t.Errorf("stackSet(%027b, %d) = %09b, want %09b", w, k, got, want)
			}
		}
	}
}
