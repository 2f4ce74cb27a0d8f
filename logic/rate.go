package logic

// Rating is how hard a path is.
type Rating struct {
	// ER, EP and ED are Sudoku Explainer's ratings (serate.java): ER the
	// hardest step of the path, EP the hardest up to and including the
	// first step that places a digit, ED the rating of the first step. As
	// serate, a path that is not solved has ER 20.0 (beyond the solver),
	// and EP and ED are 0 when it stopped before their step.
	ER, EP, ED float64
	// HoDoKu is the sum of the steps' HoDoKu scores, and Level the HoDoKu
	// level: the higher of the level of that score (Easy ≤ 800,
	// Medium ≤ 1000, Hard ≤ 1600, Unfair ≤ 1800, Extreme above) and the
	// level of the hardest technique used; Extreme for a path that is
	// not solved (HoDoKu's "give up").
	HoDoKu int
	Level  string
	// Hardest names the technique of the hardest step ("Beyond solver"
	// for a path that is not solved).
	Hardest string
	// Counts holds the number of steps of each technique.
	Counts map[string]int
	// Solved reports that the path solves the grid.
	Solved bool
}

// Levels are HoDoKu's level names, 1 to 5.
var Levels = [...]string{1: "Easy", 2: "Medium", 3: "Hard", 4: "Unfair", 5: "Extreme"}

// levelMax holds the highest score of each HoDoKu level.
var levelMax = [...]int{1: 800, 2: 1000, 3: 1600, 4: 1800}

// Rate rates a path.
func Rate(p Path) Rating {
	r := Rating{Counts: map[string]int{}, Solved: p.Solved}
	level := 1
	placed := false
	for i, s := range p.Steps {
		r.Counts[s.Technique]++
		if s.Rating > r.ER {
			r.ER, r.Hardest = s.Rating, s.Technique
		}
		if i == 0 {
			r.ED = r.ER
		}
		if !placed && len(s.Placements) > 0 {
			r.EP, placed = r.ER, true
		}
		score, lv := hodoku(s)
		r.HoDoKu += score
		if lv > level {
			level = lv
		}
	}
	if !p.Solved {
		r.ER, r.Hardest = TrialRating, "Beyond solver"
		level = 5
	} else if !placed {
		r.EP = r.ER
	}
	for level < 5 && r.HoDoKu > levelMax[level] {
		level++
	}
	r.Level = Levels[level]
	return r
}

// hodoku returns the HoDoKu score and level of a step: its technique's,
// found by name among the default techniques, else by its SE rating.
func hodoku(s Step) (score, level int) {
	for _, t := range defaultTechniques() {
		if t.HoDoKu != 0 && (t.Name == s.Technique || len(s.Technique) > len(t.Name) && s.Technique[:len(t.Name)] == t.Name) {
			return t.HoDoKu, t.Level
		}
	}
	// HoDoKu's scores of the techniques of the same SE band (Options.java):
	// chains 260–300, forcing chains 500, nets 700, brute force 10000.
	switch {
	case s.Rating >= TrialRating:
		return 10000, 5
	case s.Rating >= 8.5:
		return 700, 5
	case s.Rating >= 7.5:
		return 500, 5
	case s.Rating >= 6.5:
		return 280, 4
	case s.Rating >= 5.6:
		return 260, 4
	default:
		return 150, 3
	}
}
