package variant

// Pos is a position on or around the grid, 0-based; −1 and N are just
// outside it (where f-puzzles puts clue text).
type Pos struct{ Row, Col int }

// Cosmetic is something a puzzle draws without a rule: f-puzzles' "line",
// "text", "circle", "rectangle", "cage" (a cage with no rule), and
// presentation features such as fog of war. It is kept for pictures and
// never checked. The f-puzzles reader reports every cosmetic it keeps.
type Cosmetic struct {
	// Kind is the f-puzzles key: "line", "text", "circle", "rectangle",
	// "cage", ...
	Kind string
	// Cells are the positions it covers or labels (the cells of a cage,
	// the position of a text).
	Cells []Pos
	// Lines are the paths of a line, each a list of positions.
	Lines [][]Pos
	// Text is its value ("7", a sum, a letter), if any.
	Text string
	// Style holds the remaining attributes as f-puzzles wrote them:
	// colours ("outlineC", "fontC", "baseC"), sizes ("width", "height",
	// "size"), "angle", "fromConstraint", ...
	Style map[string]string
}
