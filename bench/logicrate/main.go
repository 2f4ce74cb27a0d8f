// Command logicrate prints the SE rating of each puzzle read from standard
// input (one 81-character puzzle a line) as package logic rates it, one
// line a puzzle in input order: "ER/EP/ED hardest", the format of
// serate's --format="%r/%p/%d %t" with ER 20.0 for a puzzle logic leaves
// stuck. bench/serate-houses.sh compares it with Sudoku Explainer.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/logic"
)

func main() {
	classic := flag.Bool("classic", false, "use only the techniques of Sudoku Explainer 1.2 (no finned or sashimi fish)")
	unique := flag.Bool("unique", true, "use the uniqueness techniques (unique rectangles, BUG)")
	flag.Parse()
	techs := logic.DefaultTechniques()
	if *classic {
		kept := techs[:0]
		for _, t := range techs {
			if !strings.HasPrefix(t.Name, "Finned ") && !strings.HasPrefix(t.Name, "Sashimi ") {
				kept = append(kept, t)
			}
		}
		techs = kept
	}
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	line := 0
	for in.Scan() {
		line++
		text := strings.TrimSpace(in.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		b, err := board.Parse(text)
		if err != nil {
			fmt.Fprintf(os.Stderr, "line %d: %v\n", line, err)
			os.Exit(1)
		}
		g, err := logic.FromBoard(b)
		if err != nil {
			fmt.Fprintf(os.Stderr, "line %d: %v\n", line, err)
			os.Exit(1)
		}
		r := logic.Rate(logic.Solve(g, logic.Options{Techniques: techs, Unique: *unique}))
		fmt.Fprintf(out, "%.1f/%.1f/%.1f %s\n", r.ER, r.EP, r.ED, r.Hardest)
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
