// Package render draws Sudoku puzzles and their solutions as pictures: SVG
// first, and PNG from the very same drawing.
//
// Drawing happens once, into a Scene: a list of items (paths with caps,
// joins and dashes; circles; rectangles; text with an anchor and a size),
// each tagged with a class ("digit given", "killercage outline", ...) and the cells
// it belongs to. Two writers turn a scene into a file: WriteSVG writes it as
// an SVG document (valid XML, a viewBox so that it scales, generic font
// families only), and WritePNG rasterises it with golang.org/x/image/vector
// and the Go fonts. Because both read one scene, the two outputs cannot
// drift apart, and tests check a picture on the scene itself.
//
// Draw builds the scene of a board: a puzzle (the givens), a solution (the
// other digits, in another colour and weight), or both; irregular regions;
// pencil marks (candidate digits in a small grid inside a cell);
// highlighted cells (the conflicting givens of an explanation, the cells
// where two solutions differ). Geometry: a board of side N is drawn as N×N
// cells of Options.CellSize units, with a margin around the grid for the
// clues that sit outside it; cells are numbered r·N + c, 0-based, as in
// package board.
//
// A variant puzzle (Picture.Variant) adds its rules, drawn as f-puzzles and
// SudokuPad draw them, in their colours and proportions: dashed killer cages
// with the sum in the top-left corner; thermometers with a bulb (slow ones
// in blue); arrows with a circle or a pill and an open head; kropki dots
// (white difference, black ratio, with a value other than 1 or 2 written
// in); X and V on the edge; little killers, sandwiches, x-sums (circled)
// and skyscrapers (in a tower) outside the grid, which grows a margin for
// them; diagonals; shaded extra regions, clones and indexers; lines in
// their colours (renban purple, German whispers green and Dutch orange,
// palindrome grey, region sum blue, entropic peach, modular teal, zipper
// lilac, nabner olive, between lines with end circles, double arrows);
// odd circles and even squares; minimum and maximum cells with chevrons;
// quadruple circles on grid points. Anti-knight, anti-king, disjoint groups
// and the negative constraints have no marks (they are stated in words).
// The puzzle's cosmetic elements (f-puzzles' line, circle, rectangle, text
// and cage) are drawn with their own colours and sizes, except copies of
// rules the picture draws anyway. Each item's class names its rule
// ("killercage outline", "thermometer bulb", "renban line", ...).
//
//	sc, err := render.Draw(&render.Picture{Puzzle: p, Solution: s}, render.Options{})
//	if err != nil { ... }
//	sc.WriteSVG(w)      // or sc.WritePNG(w, 2) for a PNG at twice the size
package render
