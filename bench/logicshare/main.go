// Command logicshare reports how far package logic's techniques take the
// puzzles of a file (issue 33's "Complete"): the share solved by the house
// techniques alone, the share that needs chains or forcing chains (SE
// 6.5–8.5 and their length bonus), the share that needs nested forcing
// chains (Dynamic Forcing Chains (+) at 9.0, or the deeper levels at 9.5
// and up) and the share left stuck, without trial. It prints one markdown
// table row for the file:
//
//	go run ./bench/logicshare [-sample N] [-workers W] FILE
//
// FILE holds one 81-character puzzle a line ('#' lines are skipped);
// -sample N takes every (len/N)-th puzzle, at most N, as the logic tests'
// samples do. Standard error gets a line a puzzle as it ends: its number
// in the sample, the puzzle and its column.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/internal/cputime"
	"github.com/satdoku/satdoku/logic"
)

// class is how far a puzzle's path had to go.
type class int

const (
	houses class = iota // house techniques alone
	chains              // chains and forcing chains, up to dynamic ones
	plus                // Dynamic Forcing Chains (+)
	nested              // nesting levels 2 to 4
	stuck
	classes
)

var classNames = [classes]string{"house techniques", "chains, forcing chains", "DFC (+)", "nested 2–4", "stuck"}

// chainRating is the lowest rating of a chain step: every house technique
// rates below it.
const chainRating = 6.5

func classify(p logic.Path) class {
	if !p.Solved {
		return stuck
	}
	c := houses
	for _, s := range p.Steps {
		switch {
		case strings.Contains(s.Technique, "(+ "):
			return nested
		case strings.HasSuffix(s.Technique, "(+)"):
			c = plus
		case s.Rating >= chainRating && c < chains:
			c = chains
		}
	}
	return c
}

func main() {
	max := flag.Int("sample", 0, "take every (len/N)-th puzzle, at most N (0: all)")
	workers := flag.Int("workers", 1, "puzzles solved at once")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: logicshare [-sample N] [-workers W] FILE")
		os.Exit(2)
	}
	puzzles, err := read(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if *max > 0 && len(puzzles) > *max {
		k := len(puzzles) / *max
		var s []*board.Board
		for i := 0; i < len(puzzles) && len(s) < *max; i += k {
			s = append(s, puzzles[i])
		}
		puzzles = s
	}
	got := make([]class, len(puzzles))
	var wg sync.WaitGroup
	next := make(chan int)
	cpu0, wall0 := cputime.Process(), time.Now()
	for w := 0; w < *workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				g, err := logic.FromBoard(puzzles[i])
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				got[i] = classify(logic.Solve(g, logic.Options{Unique: true}))
				// A line a puzzle as it ends: a long run can be watched.
				fmt.Fprintf(os.Stderr, "%d %s %s\n", i+1, line(puzzles[i]), classNames[got[i]])
			}
		}()
	}
	for i := range puzzles {
		next <- i
	}
	close(next)
	wg.Wait()
	cpu, wall := cputime.Process()-cpu0, time.Since(wall0)
	var count [classes]int
	for _, c := range got {
		count[c]++
	}
	fmt.Printf("| set | puzzles | %s | CPU s/puzzle |\n|---|---:|", strings.Join(classNames[:], " | "))
	fmt.Printf("%s---:|\n", strings.Repeat("---:|", int(classes)))
	fmt.Printf("| %s | %d |", flag.Arg(0), len(puzzles))
	for _, n := range count {
		fmt.Printf(" %.1f%% (%d) |", 100*float64(n)/float64(len(puzzles)), n)
	}
	fmt.Printf(" %.3f |\n", cpu.Seconds()/float64(len(puzzles)))
	fmt.Fprintf(os.Stderr, "%d puzzles in %v wall, %v CPU\n", len(puzzles), wall.Round(time.Second), cpu.Round(time.Second))
}

// read returns the puzzles of a file: one a line, '#' lines and blank
// lines skipped, the first 81 characters of a line.
func read(path string) ([]*board.Board, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []*board.Board
	in := bufio.NewScanner(f)
	for line := 1; in.Scan(); line++ {
		text := strings.TrimSpace(in.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if len(text) > 81 {
			text = text[:81]
		}
		b, err := board.Parse(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		out = append(out, b)
	}
	return out, in.Err()
}

// line writes a puzzle as its 81-character line, '.' for a blank.
func line(b *board.Board) string {
	var sb strings.Builder
	for _, d := range b.Cells {
		if d == 0 {
			sb.WriteByte('.')
		} else {
			sb.WriteByte(byte('0' + d))
		}
	}
	return sb.String()
}
