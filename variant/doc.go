// Package variant is the model of variant Sudoku: a Puzzle is geometry
// (a board side N with its boxes, or irregular regions), givens, and a list
// of rules, each a plain Go value holding its cells and parameters. Three
// independent consumers read the same rules: the SAT encoder, the
// backtracker, and the checker of this package (Check), which judges a
// finished grid and is the ground truth of every test. The package depends
// on package board only.
//
// Glossary (as in package board): N is the side, a cell is the 0-based index
// r·N + c, a digit is 1..N; cell names in messages are 1-based ("r3c7"). A
// unit is a row, a column or a region, each holding every digit once; the
// regions are the boxes of the board's shape unless Puzzle.Regions says
// otherwise. A rule's scope is the set of cells it constrains.
//
// # Rules
//
// Every rule type implements Rule and is named by its f-puzzles key; Kinds
// lists them all (the registry: each kind's Go name, f-puzzles keys, a
// one-line description and a sample). The meanings follow f-puzzles and SudokuSolver (github.com/dclamage/SudokuSolver,
// whose f-puzzles importer is the reference for the JSON):
//
//	global   diagonal+ diagonal-    PositiveDiagonal, NegativeDiagonal: the diagonal's N cells differ
//	         antiknight antiking    AntiKnight, AntiKing: cells a knight's / king's move apart differ
//	         disjointgroups         DisjointGroups: cells at the same position in their regions differ
//	         extraregion            ExtraRegion: the cells differ (Windoku is four of them)
//	         nonconsecutive         Negative{Kind: NoDifference}: unmarked neighbours not consecutive
//	         negative ratio, xv     Negative{Kind: NoRatio / NoSum}: unmarked neighbours not 1:2, not 5 or 10
//	cells    odd even               Odd, Even
//	         givenPencilMarks       PencilMarks: the cell holds one of the marks (a grid cell field)
//	         minimum maximum        Minimum, Maximum: below / above each unmarked orthogonal neighbour
//	lines    thermometer            Thermometer: strictly rising from the bulb (Slow: never falling)
//	         arrow                  Arrow: the shaft sums to the circle (a pill reads as a number)
//	         doublearrow            DoubleArrow: the two ends sum to the cells between them
//	         palindrome             Palindrome: reads the same both ways
//	         renban                 Renban: distinct consecutive digits in any order
//	         whispers               Whispers: neighbours on the line differ by at least Difference
//	         betweenline            BetweenLine: inner digits strictly between the two ends
//	         regionsumline          RegionSumLine: equal sums in each region the line crosses
//	         entropicline           EntropicLine: each three in a row hold a low, a middle and a high digit
//	         modularline            ModularLine: each three in a row differ modulo 3
//	         zipperline             ZipperLine: digits equidistant from the centre sum alike
//	         nabner                 Nabner: no two digits on the line equal or consecutive
//	cages    killercage             Killer: distinct digits summing to Sum (0: no sum)
//	         littlekillersum        LittleKiller: the diagonal from an outside clue sums to Sum
//	         cage with value DR<n>  DigitalRootCage: distinct digits whose sum has digital root Root
//	pairs    difference             Difference (white dot): digits differ by Diff (default 1)
//	         ratio                  Ratio (black dot): one digit is Ratio times the other (default 2)
//	         xv                     XV: digits sum to 10 (X) or 5 (V)
//	other    quadruple              Quadruple: the listed digits appear around a grid point
//	         clone                  Clone: two shapes hold the same digits
//	         sandwichsum            Sandwich: digits between the 1 and the N sum to Sum
//	         xsum                   XSum: the first X digits sum to Sum, X the first digit
//	         skyscraper             Skyscraper: Count digits are visible from the clue
//	         rowindexer, columnindexer, boxindexer   Indexer
//
// Irregular (jigsaw) regions are geometry, not a rule: Puzzle.Regions.
//
// # Adding a rule
//
// Rule is sealed and Kinds is the one list of its kinds; every consumer
// has a test that walks Kinds and names the consumer and the kind it does
// not handle. The steps:
//
//  1. variant: the type, with its methods (Name, Describe, Scope,
//     Validate, Check — the checker is the ground truth), in the file of
//     its family (cells.go, lines.go, cages.go, pairs.go, other.go,
//     global.go); in registry.go, its isRule method and its entry in
//     Kinds (name, f-puzzles keys, a Line constructor for a key of bare
//     lines, a one-line description, a sample valid on 9×9); its row in
//     the table above.
//  2. encode (variant_rules.go): a case in variantEncoder.rule, and one
//     in apartRule (a group of cells the rule keeps apart, or none).
//  3. fallback: a case in builder.rule (variant_compile.go), with its
//     propagator in the rules_*.go of its family.
//  4. render: a case in drawing.rule (rules.go).
//  5. fpuzzles: a case in writer.rule (write.go); a case in readEntry
//     (rules.go) unless its key has a Line constructor; its entry in
//     sighKinds (sigh.go), with the ISS types read as it or none.
//  6. varianttest: its clue kinds at the end of flavours and a case in
//     clueMaker.make (clues.go), so the property tests make it.
//
// The worker protocol (internal/workerproto) carries every kind of the
// registry with no change.
//
// # Rules that depend on the size
//
// satdoku reads every rule on any side N and decides the size-dependent
// ones as follows (each is tested on 4×4, 6×6, 8×8, 9×9 and 16×16):
//
//   - Whispers: the default (German) difference is ⌈N/2⌉ — 2 on 4×4, 3 on
//     6×6, 4 on 8×8, 5 on 9×9, 8 on 16×16 (DefaultWhisperDifference);
//     Dutch whispers are ⌈N/2⌉−1. A "value" on the line overrides both.
//   - Entropic lines: low, middle and high are three runs of consecutive
//     digits as equal as possible, the middle one the odd one out
//     (EntropicGroups): 1 2-3 4 on 4×4, 1-2 3-4 5-6 on 6×6, 1-3 4-5 6-8 on
//     8×8, 1-3 4-6 7-9 on 9×9, 1-5 6-11 12-16 on 16×16.
//   - Modular lines: the remainder modulo 3 on every size.
//   - Sandwiches: the crusts are 1 and N (1 and 6 on 6×6, 1 and 16 on 16×16).
//   - X-sums and skyscrapers need no adjustment: X is at most N, heights
//     are 1..N.
//   - Arrows with a pill: the digits are read as decimal numerals one after
//     the other (CircleValue), so on boards over 9×9 a digit 12 adds two
//     decimal places, as in SudokuSolver.
//   - Windoku: windows of a box's size one cell in from the edges and one
//     cell apart, as many as fit (Windoku): four on 9×9, one on 4×4, two on
//     6×6, nine on 16×16.
//
// # Checking
//
// Check(p, grid) validates p, then the grid: full, digits in range, givens
// kept, rows, columns and regions permutations, then every rule in order.
// It returns the errors of package board for the classic failures and a
// *RuleError naming the first broken rule as a person reads it, and its
// cells:
//
//	killer cage r1c1 r1c2 r2c1 sums to 10: the cells sum to 12 (r1c1 r1c2 r2c1)
//
// # Classic input with global rules
//
// ParseRules reads a rule spec such as "diagonals,antiknight,windoku" (the
// CLI's flag); ReadRegions reads jigsaw regions given as a grid of labels.
package variant
