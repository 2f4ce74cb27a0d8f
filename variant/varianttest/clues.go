package varianttest

import (
	"math/rand/v2"
	"slices"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// flavours are, for each kind of rule (variant.Kinds, by name), the
// clue kinds Clue makes of it and the global kinds Global makes of it. A
// test walks the registry and fails for a kind missing here. The order is
// this package's own, not the registry's: the property tests seed their
// random sources by a kind's position in Kinds, so a kind added to the
// registry goes at the end here, and no test's puzzles change.
var flavours = []flavour{
	{"PositiveDiagonal", nil, []string{"diagonal+"}},
	{"NegativeDiagonal", nil, []string{"diagonal-"}},
	{"AntiKnight", nil, []string{"antiknight"}},
	{"AntiKing", nil, []string{"antiking"}},
	{"DisjointGroups", nil, []string{"disjointgroups"}},
	{"Odd", []string{"odd"}, nil},
	{"Even", []string{"even"}, nil},
	{"Minimum", []string{"minimum"}, nil},
	{"Maximum", []string{"maximum"}, nil},
	{"Thermometer", []string{"thermometer", "slowthermometer"}, nil},
	{"Arrow", []string{"arrow", "pill"}, nil},
	{"DoubleArrow", []string{"doublearrow"}, nil},
	{"Palindrome", []string{"palindrome"}, nil},
	{"Renban", []string{"renban"}, nil},
	{"Whispers", []string{"whispers"}, nil},
	{"BetweenLine", []string{"betweenline"}, nil},
	{"RegionSumLine", []string{"regionsumline"}, nil},
	{"EntropicLine", []string{"entropicline"}, nil},
	{"ModularLine", []string{"modularline"}, nil},
	{"ZipperLine", []string{"zipperline"}, nil},
	{"Nabner", []string{"nabner"}, nil},
	{"Killer", []string{"killercage"}, nil},
	{"LittleKiller", []string{"littlekillersum"}, nil},
	{"Difference", []string{"difference"}, nil},
	{"Ratio", []string{"ratio"}, nil},
	{"XV", []string{"xv"}, nil},
	{"Negative", []string{"nonconsecutive:dots", "negative:ratio", "negative:xv"}, []string{"nonconsecutive"}},
	{"Quadruple", []string{"quadruple"}, nil},
	{"Clone", []string{"clone"}, nil},
	{"Sandwich", []string{"sandwichsum"}, nil},
	{"XSum", []string{"xsum"}, nil},
	{"Skyscraper", []string{"skyscraper"}, nil},
	{"Indexer", []string{"rowindexer", "columnindexer", "boxindexer"}, nil},
	{"ExtraRegion", []string{"extraregion"}, nil},
	{"PencilMarks", []string{"givenPencilMarks"}, nil},
	{"DigitalRootCage", []string{"digitalroot"}, nil},
}

// flavour is the clue and global kinds of one kind of rule.
type flavour struct {
	kind           string
	clues, globals []string
}

// Kinds lists the rule kinds Clue makes, for every kind of the registry
// (variant.Kinds): f-puzzles names, plus "pill" for arrows with a pill,
// "negative:ratio" and "negative:xv" for the negative constraints,
// "nonconsecutive:dots" for nonconsecutive with white dots and
// "digitalroot" for digital-root cages.
//
// Globals lists the rule kinds that hold of a whole grid or not at all
// (diagonals, anti-knight, ...): make a grid that keeps them with Fill on a
// puzzle holding Global(kind).
var Kinds, Globals = func() (clues, globals []string) {
	for _, f := range flavours {
		clues = append(clues, f.clues...)
		globals = append(globals, f.globals...)
	}
	return clues, globals
}()

// Global returns the rule of a global kind on a board of side n
// ("nonconsecutive" covers every orthogonal pair).
func Global(kind string, n int) variant.Rule {
	switch kind {
	case "diagonal+":
		return variant.PositiveDiagonal{}
	case "diagonal-":
		return variant.NegativeDiagonal{}
	case "antiknight":
		return variant.AntiKnight{}
	case "antiking":
		return variant.AntiKing{}
	case "disjointgroups":
		return variant.DisjointGroups{}
	case "nonconsecutive":
		return variant.Negative{Kind: variant.NoDifference, Values: []int{1}, Pairs: variant.OrthogonalPairs(n)}
	}
	panic("varianttest: unknown global kind " + kind)
}

// Clue returns rules of the given kind (one, or a negative constraint and
// its marks) that grid keeps on p, read off the grid, or nil if it finds
// none. The rules are not added to p.
func Clue(rng *rand.Rand, p *variant.Puzzle, grid *board.Board, kind string) []variant.Rule {
	c := clueMaker{rng: rng, p: p, g: grid, n: grid.Side()}
	r := c.make(kind)
	if len(r) == 0 || r[0] == nil {
		return nil
	}
	return r
}

type clueMaker struct {
	rng *rand.Rand
	p   *variant.Puzzle
	g   *board.Board
	n   int
}

func (c *clueMaker) d(cell int) int { return int(c.g.Cells[cell]) }

func (c *clueMaker) digits(cells []int) []int {
	out := make([]int, len(cells))
	for i, x := range cells {
		out[i] = c.d(x)
	}
	return out
}

func sum(ds []int) int {
	s := 0
	for _, d := range ds {
		s += d
	}
	return s
}

func one(r variant.Rule) []variant.Rule { return []variant.Rule{r} }

// pick returns a random cell satisfying ok, or -1.
func (c *clueMaker) pick(ok func(cell int) bool) int {
	var cands []int
	for x := 0; x < c.n*c.n; x++ {
		if ok(x) {
			cands = append(cands, x)
		}
	}
	if len(cands) == 0 {
		return -1
	}
	return cands[c.rng.IntN(len(cands))]
}

// kingNeighbours returns the cells touching x, diagonals included.
func (c *clueMaker) kingNeighbours(x int) []int {
	n := c.n
	var out []int
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			r, col := x/n+dr, x%n+dc
			if (dr != 0 || dc != 0) && r >= 0 && r < n && col >= 0 && col < n {
				out = append(out, r*n+col)
			}
		}
	}
	return out
}

// path searches for a line of king-adjacent distinct cells, length in
// [minLen, maxLen], whose digits pass ok; prefix prunes partial lines (it
// sees the digits so far). It returns nil if none is found in its budget.
func (c *clueMaker) path(minLen, maxLen int, prefix, ok func(ds []int) bool) []int {
	return c.pathCells(minLen, maxLen,
		func(cells []int) bool { return prefix(c.digits(cells)) },
		func(cells []int) bool { return ok(c.digits(cells)) })
}

// pathCells is path with predicates that see the cells.
func (c *clueMaker) pathCells(minLen, maxLen int, prefix, ok func(cells []int) bool) []int {
	for attempt := 0; attempt < 60; attempt++ {
		target := minLen + c.rng.IntN(maxLen-minLen+1)
		budget := 2000
		var line []int
		used := map[int]bool{}
		var dfs func() bool
		dfs = func() bool {
			if budget--; budget < 0 {
				return false
			}
			if !prefix(line) {
				return false
			}
			if len(line) == target {
				return ok(line)
			}
			next := c.kingNeighbours(line[len(line)-1])
			c.rng.Shuffle(len(next), func(i, j int) { next[i], next[j] = next[j], next[i] })
			for _, x := range next {
				if used[x] {
					continue
				}
				used[x] = true
				line = append(line, x)
				if dfs() {
					return true
				}
				line = line[:len(line)-1]
				used[x] = false
			}
			return false
		}
		start := c.rng.IntN(c.n * c.n)
		line, used[start] = []int{start}, true
		if dfs() {
			return line
		}
	}
	return nil
}

func always([]int) bool { return true }

// region grows a connected set of size cells (orthogonal steps) whose
// digits pass ok as they are added.
func (c *clueMaker) region(size int, ok func(ds []int) bool) []int {
	for attempt := 0; attempt < 50; attempt++ {
		cells := []int{c.rng.IntN(c.n * c.n)}
		in := map[int]bool{cells[0]: true}
		for len(cells) < size {
			var front []int
			for _, x := range cells {
				for _, nb := range variant.Neighbours(c.n, x) {
					if !in[nb] && ok(append(c.digits(cells), c.d(nb))) {
						front = append(front, nb)
					}
				}
			}
			if len(front) == 0 {
				break
			}
			x := front[c.rng.IntN(len(front))]
			in[x] = true
			cells = append(cells, x)
		}
		if len(cells) == size {
			return cells
		}
	}
	return nil
}

func distinctDigits(ds []int) bool {
	seen := map[int]bool{}
	for _, d := range ds {
		if seen[d] {
			return false
		}
		seen[d] = true
	}
	return true
}

// edgeClue returns a random clue position beside a row or column.
func (c *clueMaker) edgeClue() variant.Outside {
	n := c.n
	i := c.rng.IntN(n)
	var o variant.Outside
	switch c.rng.IntN(4) {
	case 0:
		o, _ = variant.EdgeClue(n, -1, i)
	case 1:
		o, _ = variant.EdgeClue(n, n, i)
	case 2:
		o, _ = variant.EdgeClue(n, i, -1)
	default:
		o, _ = variant.EdgeClue(n, i, n)
	}
	return o
}

// orthPair returns a random orthogonal pair whose digits pass ok.
func (c *clueMaker) orthPair(ok func(a, b int) bool) (int, int, bool) {
	var cands [][2]int
	for _, pr := range variant.OrthogonalPairs(c.n) {
		if ok(c.d(pr[0]), c.d(pr[1])) {
			cands = append(cands, pr)
		}
	}
	if len(cands) == 0 {
		return 0, 0, false
	}
	pr := cands[c.rng.IntN(len(cands))]
	if c.rng.IntN(2) == 0 {
		return pr[1], pr[0], true
	}
	return pr[0], pr[1], true
}

func (c *clueMaker) make(kind string) []variant.Rule {
	n := c.n
	maxLen := min(n, 7)
	switch kind {
	case "odd":
		return one(variant.Odd{Cell: c.pick(func(x int) bool { return c.d(x)%2 == 1 })})
	case "even":
		return one(variant.Even{Cell: c.pick(func(x int) bool { return c.d(x)%2 == 0 })})
	case "givenPencilMarks":
		// The cell's digit and up to two others, increasing, on a cell
		// without a given (f-puzzles keeps no marks there).
		x := c.pick(func(x int) bool { return c.p.Givens.Cells[x] == 0 })
		if x < 0 {
			return nil
		}
		marks := []int{c.d(x)}
		for range c.rng.IntN(3) {
			if d := 1 + c.rng.IntN(n); !slices.Contains(marks, d) {
				marks = append(marks, d)
			}
		}
		slices.Sort(marks)
		return one(variant.PencilMarks{Cell: x, Digits: marks})
	case "minimum", "maximum":
		x := c.pick(func(x int) bool {
			for _, nb := range variant.Neighbours(n, x) {
				if (kind == "minimum") != (c.d(nb) > c.d(x)) {
					return false
				}
			}
			return true
		})
		if kind == "minimum" {
			return one(variant.Minimum{Cell: x, Than: variant.Neighbours(n, x)})
		}
		return one(variant.Maximum{Cell: x, Than: variant.Neighbours(n, x)})
	case "thermometer", "slowthermometer":
		slow := kind == "slowthermometer"
		line := c.path(2, maxLen, func(ds []int) bool {
			for i := 1; i < len(ds); i++ {
				if ds[i] < ds[i-1] || (!slow && ds[i] == ds[i-1]) {
					return false
				}
			}
			return true
		}, func(ds []int) bool { return ds[0] < ds[len(ds)-1] })
		if line == nil {
			return nil
		}
		return one(variant.Thermometer{Cells: line, Slow: slow})
	case "arrow":
		// A shaft is a path from the circle; its sum must match the circle.
		line := c.path(2, min(n, 4), func(ds []int) bool { return sum(ds[1:]) <= ds[0] },
			func(ds []int) bool { return sum(ds[1:]) == ds[0] })
		if line == nil {
			return nil
		}
		return one(variant.Arrow{Circle: line[:1], Line: line[1:]})
	case "pill":
		// Two circle cells read left to right, then a long shaft.
		for attempt := 0; attempt < 40; attempt++ {
			a := c.rng.IntN(n * n)
			if a%n == n-1 {
				continue
			}
			want := variant.CircleValue([]int{c.d(a), c.d(a + 1)})
			line := c.path(1, min(n, 9), func(ds []int) bool { return sum(ds) <= want },
				func(ds []int) bool { return sum(ds) == want })
			if line == nil || slices.Contains(line, a) || slices.Contains(line, a+1) {
				continue
			}
			return one(variant.Arrow{Circle: []int{a, a + 1}, Line: line})
		}
		return nil
	case "doublearrow":
		line := c.path(3, maxLen, always, func(ds []int) bool { return ds[0]+ds[len(ds)-1] == sum(ds[1:len(ds)-1]) })
		if line == nil {
			return nil
		}
		return one(variant.DoubleArrow{Cells: line})
	case "palindrome":
		line := c.path(2, 5, always, func(ds []int) bool {
			for i, j := 0, len(ds)-1; i < j; i, j = i+1, j-1 {
				if ds[i] != ds[j] {
					return false
				}
			}
			return true
		})
		if line == nil {
			return nil
		}
		return one(variant.Palindrome{Cells: line})
	case "renban":
		line := c.path(2, maxLen, distinctDigits, func(ds []int) bool {
			return slices.Max(ds)-slices.Min(ds) == len(ds)-1
		})
		if line == nil {
			return nil
		}
		return one(variant.Renban{Cells: line})
	case "whispers":
		diff := variant.DefaultWhisperDifference(n)
		if c.rng.IntN(3) == 0 {
			diff--
		}
		line := c.path(2, maxLen, func(ds []int) bool {
			for i := 1; i < len(ds); i++ {
				if abs(ds[i]-ds[i-1]) < diff {
					return false
				}
			}
			return true
		}, always)
		if line == nil {
			return nil
		}
		return one(variant.Whispers{Cells: line, Difference: diff})
	case "betweenline":
		line := c.path(3, maxLen, always, func(ds []int) bool {
			lo, hi := min(ds[0], ds[len(ds)-1]), max(ds[0], ds[len(ds)-1])
			for _, d := range ds[1 : len(ds)-1] {
				if d <= lo || d >= hi {
					return false
				}
			}
			return true
		})
		if line == nil {
			return nil
		}
		return one(variant.BetweenLine{Cells: line})
	case "regionsumline":
		// Every finished segment matches the first; the open one stays
		// at or below it.
		sums := func(cells []int) []int {
			var out []int
			for _, seg := range (variant.RegionSumLine{Cells: cells}).Segments(c.p) {
				out = append(out, sum(c.digits(seg)))
			}
			return out
		}
		line := c.pathCells(3, min(n+2, 9), func(cells []int) bool {
			s := sums(cells)
			for i := 1; i < len(s); i++ {
				if s[i] > s[0] || (i < len(s)-1 && s[i] != s[0]) {
					return false
				}
			}
			return true
		}, func(cells []int) bool {
			s := sums(cells)
			return len(s) >= 2 && slices.Max(s) == slices.Min(s)
		})
		if line == nil {
			return nil
		}
		return one(variant.RegionSumLine{Cells: line})
	case "entropicline", "modularline":
		group := func(d int) int { return variant.EntropicGroup(n, d) }
		if kind == "modularline" {
			group = func(d int) int { return d % 3 }
		}
		line := c.path(2, maxLen, func(ds []int) bool {
			for i := range ds {
				for j := i + 1; j < len(ds) && j <= i+2; j++ {
					if group(ds[i]) == group(ds[j]) {
						return false
					}
				}
			}
			return true
		}, always)
		if line == nil {
			return nil
		}
		if kind == "modularline" {
			return one(variant.ModularLine{Cells: line})
		}
		return one(variant.EntropicLine{Cells: line})
	case "zipperline":
		line := c.path(2, maxLen, always, func(ds []int) bool {
			total := ds[0] + ds[len(ds)-1]
			if len(ds)%2 == 1 {
				total = ds[len(ds)/2]
			}
			for i, j := 0, len(ds)-1; i < j; i, j = i+1, j-1 {
				if ds[i]+ds[j] != total {
					return false
				}
			}
			return true
		})
		if line == nil {
			return nil
		}
		return one(variant.ZipperLine{Cells: line})
	case "nabner":
		line := c.path(2, min(maxLen, (n+1)/2), func(ds []int) bool {
			for i := range ds {
				for j := i + 1; j < len(ds); j++ {
					if abs(ds[i]-ds[j]) <= 1 {
						return false
					}
				}
			}
			return true
		}, always)
		if line == nil {
			return nil
		}
		return one(variant.Nabner{Cells: line})
	case "killercage":
		cells := c.region(1+c.rng.IntN(min(n, 5)), distinctDigits)
		if cells == nil {
			return nil
		}
		s := sum(c.digits(cells))
		if c.rng.IntN(5) == 0 {
			s = 0
		}
		return one(variant.Killer{Cells: cells, Sum: s})
	case "digitalroot":
		cells := c.region(1+c.rng.IntN(min(n, 5)), distinctDigits)
		if cells == nil {
			return nil
		}
		return one(variant.DigitalRootCage{Cells: cells, Root: (sum(c.digits(cells))-1)%9 + 1})
	case "extraregion":
		cells := c.region(2+c.rng.IntN(n-1), distinctDigits)
		if cells == nil {
			return nil
		}
		return one(variant.ExtraRegion{Cells: cells})
	case "littlekillersum":
		for {
			o := variant.Outside{Row: c.rng.IntN(n+2) - 1, Col: c.rng.IntN(n+2) - 1, DRow: 1 - 2*c.rng.IntN(2), DCol: 1 - 2*c.rng.IntN(2)}
			if o.Row >= 0 && o.Row < n && o.Col >= 0 && o.Col < n {
				continue
			}
			cells := o.Cells(n)
			if len(cells) == 0 {
				continue
			}
			return one(variant.LittleKiller{Clue: o, Sum: sum(c.digits(cells))})
		}
	case "difference":
		a, b, ok := c.orthPair(func(a, b int) bool { return true })
		if !ok {
			return nil
		}
		return one(variant.Difference{A: a, B: b, Diff: abs(c.d(a) - c.d(b))})
	case "ratio":
		a, b, ok := c.orthPair(func(a, b int) bool { return max(a, b)%min(a, b) == 0 })
		if !ok {
			return nil
		}
		return one(variant.Ratio{A: a, B: b, Ratio: max(c.d(a), c.d(b)) / min(c.d(a), c.d(b))})
	case "xv":
		a, b, ok := c.orthPair(func(a, b int) bool { return a+b == 5 || a+b == 10 })
		if !ok {
			return nil
		}
		return one(variant.XV{A: a, B: b, Sum: c.d(a) + c.d(b)})
	case "nonconsecutive:dots", "negative:ratio", "negative:xv":
		var marks []variant.Rule
		var marked [][2]int
		ng := variant.Negative{Kind: variant.NoDifference, Values: []int{1}}
		switch kind {
		case "negative:ratio":
			ng = variant.Negative{Kind: variant.NoRatio, Values: []int{2}}
		case "negative:xv":
			ng = variant.Negative{Kind: variant.NoSum, Values: []int{5, 10}}
		}
		for _, pr := range variant.OrthogonalPairs(n) {
			a, b := c.d(pr[0]), c.d(pr[1])
			if !ng.Has(a, b) {
				continue
			}
			marked = append(marked, pr)
			switch ng.Kind {
			case variant.NoDifference:
				marks = append(marks, variant.Difference{A: pr[0], B: pr[1], Diff: 1})
			case variant.NoRatio:
				marks = append(marks, variant.Ratio{A: pr[0], B: pr[1], Ratio: 2})
			default:
				marks = append(marks, variant.XV{A: pr[0], B: pr[1], Sum: a + b})
			}
		}
		ng.Pairs = variant.UnmarkedPairs(n, marked)
		return append([]variant.Rule{ng}, marks...)
	case "quadruple":
		r, col := c.rng.IntN(n-1), c.rng.IntN(n-1)
		cells := []int{r*n + col, r*n + col + 1, (r+1)*n + col, (r+1)*n + col + 1}
		ds := c.digits(cells)
		c.rng.Shuffle(len(ds), func(i, j int) { ds[i], ds[j] = ds[j], ds[i] })
		ds = ds[:1+c.rng.IntN(4)]
		slices.Sort(ds)
		return one(variant.Quadruple{Cells: cells, Digits: ds})
	case "clone":
		// A shape and a translated copy with the same digits: grow the
		// shape one matching cell at a time.
		for attempt := 0; attempt < 100; attempt++ {
			a := c.rng.IntN(n * n)
			b := c.pick(func(x int) bool { return x != a && c.d(x) == c.d(a) })
			if b < 0 {
				continue
			}
			dr, dc := b/n-a/n, b%n-a%n
			cells, clones := []int{a}, []int{b}
			for _, nb := range variant.Neighbours(n, a) {
				r2, c2 := nb/n+dr, nb%n+dc
				if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
					continue
				}
				if t := r2*n + c2; t != nb && !slices.Contains(cells, t) && !slices.Contains(clones, nb) && c.d(t) == c.d(nb) {
					cells, clones = append(cells, nb), append(clones, t)
				}
			}
			return one(variant.Clone{Cells: cells, Clones: clones})
		}
		return nil
	case "sandwichsum":
		o := c.edgeClue()
		ds := c.digits(o.Cells(n))
		lo, hi := slices.Index(ds, 1), slices.Index(ds, n)
		return one(variant.Sandwich{Clue: o, Sum: sum(ds[min(lo, hi)+1 : max(lo, hi)])})
	case "xsum":
		o := c.edgeClue()
		ds := c.digits(o.Cells(n))
		return one(variant.XSum{Clue: o, Sum: sum(ds[:ds[0]])})
	case "skyscraper":
		o := c.edgeClue()
		return one(variant.Skyscraper{Clue: o, Count: len(variant.Visible(c.g, o.Cells(n)))})
	case "rowindexer", "columnindexer", "boxindexer":
		kind := map[string]variant.IndexKind{"rowindexer": variant.RowIndex, "columnindexer": variant.ColumnIndex, "boxindexer": variant.BoxIndex}[kind]
		x := variant.Indexer{Kind: kind}
		var cells []int
		for cell := 0; cell < n*n; cell++ {
			if kind == variant.BoxIndex && c.p.RegionLabels()[cell] < 0 {
				continue
			}
			t, want := x.Target(c.p, cell, c.d(cell))
			if c.d(t) == want && t != cell {
				cells = append(cells, cell)
			}
		}
		if len(cells) == 0 {
			return nil
		}
		c.rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		x.Cells = cells[:1+c.rng.IntN(min(len(cells), 4))]
		return one(x)
	}
	panic("varianttest: unknown kind " + kind)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
