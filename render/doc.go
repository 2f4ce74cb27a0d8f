// Package render draws Sudoku puzzles and their solutions as pictures: SVG
// first, and PNG from the very same drawing.
//
// Drawing happens once, into a Scene: a list of items (paths with caps,
// joins and dashes; circles; rectangles; text with an anchor and a size),
// each tagged with a class ("digit given", "killer-cage", ...) and the cells
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
//	sc, err := render.Draw(&render.Picture{Puzzle: p, Solution: s}, render.Options{})
//	if err != nil { ... }
//	sc.WriteSVG(w)      // or sc.WritePNG(w, 2) for a PNG at twice the size
package render
