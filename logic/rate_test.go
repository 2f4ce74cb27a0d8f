package logic

import "testing"

func TestRate(t *testing.T) {
	elim := func(name string, r float64) Step {
		return Step{Technique: name, Rating: r, Eliminations: []Candidate{{0, 1}}}
	}
	place := func(name string, r float64) Step {
		return Step{Technique: name, Rating: r, Placements: []Candidate{{0, 1}}}
	}
	tests := []struct {
		name       string
		path       Path
		er, ep, ed float64
		hodoku     int
		level      string
		hardest    string
	}{
		{"singles", Path{Solved: true, Steps: []Step{place("Hidden Single", 1.2), place("Naked Single", 2.3)}}, 2.3, 1.2, 1.2, 18, "Easy", "Naked Single"},
		// serate: ED is the first step's rating, EP the hardest up to the
		// first placement.
		{"eliminations first", Path{Solved: true, Steps: []Step{elim("Pointing", 2.6), elim("XY-Wing", 4.2), place("Hidden Single", 1.2), elim("X-Wing", 3.2)}},
			4.2, 4.2, 2.6, 50 + 160 + 14 + 140, "Hard", "XY-Wing"},
		{"stuck", Path{Stuck: true, Steps: []Step{elim("Pointing", 2.6)}}, 20, 0, 2.6, 50, "Extreme", "Beyond solver"},
		{"stuck at once", Path{Stuck: true}, 20, 0, 0, 0, "Extreme", "Beyond solver"},
		{"many singles", Path{Solved: true, Steps: repeat(place("Hidden Single", 1.5), 60)}, 1.5, 1.5, 1.5, 840, "Medium", "Hidden Single"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Rate(tt.path)
			if r.ER != tt.er || r.EP != tt.ep || r.ED != tt.ed || r.HoDoKu != tt.hodoku || r.Level != tt.level || r.Hardest != tt.hardest {
				t.Fatalf("got ER %.1f EP %.1f ED %.1f HoDoKu %d %s %q, want %.1f %.1f %.1f %d %s %q",
					r.ER, r.EP, r.ED, r.HoDoKu, r.Level, r.Hardest, tt.er, tt.ep, tt.ed, tt.hodoku, tt.level, tt.hardest)
			}
		})
	}
}

func repeat(s Step, n int) []Step {
	out := make([]Step, n)
	for i := range out {
		out[i] = s
	}
	return out
}
