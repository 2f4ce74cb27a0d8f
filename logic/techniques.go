package logic

import (
	"sort"
	"sync"
)

// extraTechniques holds techniques defined in other files of the package
// (chains, forcing chains, ALS, single-digit patterns), appended by their
// files' init functions; DefaultTechniques merges them by rating.
var extraTechniques []Technique

// houseTechniques lists the techniques on houses, in Sudoku Explainer's
// order (diuf/sudoku/solver/Solver.java, the original rating): its
// direct hints (singles, and the pointing, claiming and hidden sets that
// at once give a hidden single) first, then the indirect ones by rating.
// Finned and sashimi fish are not among them: see FinnedFishTechniques.
var houseTechniques = []Technique{
	{Name: "Full House", Rating: 1.0, Find: findFullHouse, HoDoKu: 4, Level: 1},
	{Name: "Hidden Single", Rating: 1.2, Find: findHiddenSingleBox, HoDoKu: 14, Level: 1},
	{Name: "Hidden Single", Rating: 1.5, Find: findHiddenSingleLine, HoDoKu: 14, Level: 1},
	{Name: "Direct Pointing", Rating: 1.7, Find: findDirectPointing, HoDoKu: 50, Level: 2},
	{Name: "Direct Claiming", Rating: 1.9, Find: findDirectClaiming, HoDoKu: 50, Level: 2},
	{Name: "Direct Hidden Pair", Rating: 2.0, Find: findDirectHidden(2), HoDoKu: 70, Level: 2},
	{Name: "Naked Single", Rating: 2.3, Find: findNakedSingle, HoDoKu: 4, Level: 1},
	{Name: "Direct Hidden Triple", Rating: 2.5, Find: findDirectHidden(3), HoDoKu: 100, Level: 2},
	{Name: "Pointing", Rating: 2.6, Find: findPointing, HoDoKu: 50, Level: 2},
	{Name: "Claiming", Rating: 2.8, Find: findClaiming, HoDoKu: 50, Level: 2},
	{Name: "Naked Pair", Rating: 3.0, Find: findNaked(2), HoDoKu: 60, Level: 2},
	{Name: "X-Wing", Rating: 3.2, Find: findFish(2), HoDoKu: 140, Level: 3},
	{Name: "Hidden Pair", Rating: 3.4, Find: findHidden(2), HoDoKu: 70, Level: 2},
	{Name: "Naked Triple", Rating: 3.6, Find: findNaked(3), HoDoKu: 80, Level: 2},
	{Name: "Swordfish", Rating: 3.8, Find: findFish(3), HoDoKu: 150, Level: 3},
	{Name: "Hidden Triple", Rating: 4.0, Find: findHidden(3), HoDoKu: 100, Level: 2},
	{Name: "XY-Wing", Rating: 4.2, Find: findXYWing, HoDoKu: 160, Level: 3},
	{Name: "XYZ-Wing", Rating: 4.4, Find: findXYZWing, HoDoKu: 180, Level: 3},
	{Name: "Unique Rectangle", Rating: 4.5, Find: findUniqueRectangle, Uniqueness: true, HoDoKu: 100, Level: 3},
	{Name: "Naked Quad", Rating: 5.0, Find: findNaked(4), HoDoKu: 120, Level: 3},
	{Name: "Jellyfish", Rating: 5.2, Find: findFish(4), HoDoKu: 160, Level: 3},
	{Name: "Hidden Quad", Rating: 5.4, Find: findHidden(4), HoDoKu: 150, Level: 3},
	{Name: "BUG+1", Rating: 5.6, Find: findBUG, Uniqueness: true, HoDoKu: 100, Level: 3},
}

// finnedFishTechniques are the finned and sashimi fish, rated as
// SukakuExplainer rates those patterns (see fish.go).
var finnedFishTechniques = []Technique{
	{Name: "Sashimi X-Wing", Rating: 4.0, Find: findFinnedFish(2, true), HoDoKu: 150, Level: 3},
	{Name: "Finned X-Wing", Rating: 4.3, Find: findFinnedFish(2, false), HoDoKu: 130, Level: 3},
	{Name: "Sashimi Swordfish", Rating: 5.4, Find: findFinnedFish(3, true), HoDoKu: 240, Level: 4},
	{Name: "Finned Swordfish", Rating: 5.7, Find: findFinnedFish(3, false), HoDoKu: 200, Level: 4},
	{Name: "Sashimi Jellyfish", Rating: 5.8, Find: findFinnedFish(4, true), HoDoKu: 260, Level: 4},
	{Name: "Finned Jellyfish", Rating: 6.1, Find: findFinnedFish(4, false), HoDoKu: 250, Level: 4},
}

// FinnedFishTechniques returns the finned and sashimi X-Wings, Swordfish
// and Jellyfish. They are not in DefaultTechniques: Sudoku Explainer has no
// such technique and finds their eliminations as turbot fish and X-chains
// (6.6 and up), so a path rated on SE's scale must not take them at the
// lower ratings SukakuExplainer gives them. Add them to
// Options.Techniques for hints and paths that name them.
func FinnedFishTechniques() []Technique {
	return append([]Technique(nil), finnedFishTechniques...)
}

// HouseTechniques returns the techniques on houses alone (singles,
// intersections, subsets, fish, wings, uniqueness), in SE's order: the
// techniques every rule set starts from.
func HouseTechniques() []Technique { return append([]Technique(nil), houseTechniques...) }

// DefaultTechniques returns every technique of the package: the house
// techniques and those of the other files (chains, forcing chains),
// ordered by rating; techniques of equal rating keep their order, house
// techniques first.
func DefaultTechniques() []Technique { return append([]Technique(nil), defaultTechniques()...) }

var (
	sortOnce         sync.Once
	sortedTechniques []Technique
)

// defaultTechniques is DefaultTechniques without the copy, for the solver
// loop; computed once, at the first call (after every init has run).
func defaultTechniques() []Technique {
	sortOnce.Do(func() {
		all := append(append([]Technique(nil), houseTechniques...), extraTechniques...)
		sort.SliceStable(all, func(i, j int) bool { return all[i].Rating < all[j].Rating })
		sortedTechniques = all
	})
	return sortedTechniques
}
