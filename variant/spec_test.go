package variant_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

func TestParseRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		spec  string
		shape board.Shape
		names string // rule names, space-separated
		err   error
		col   int
	}{
		{"", board.Classic, "", nil, 0},
		{"  ", board.Classic, "", nil, 0},
		{"diagonal+", board.Classic, "diagonal+", nil, 0},
		{"Diagonals, anti-knight ,ANTIKING", board.Classic, "diagonal+ diagonal- antiknight antiking", nil, 0},
		{"x,nonconsecutive,disjointgroups", board.Classic, "diagonal+ diagonal- nonconsecutive disjointgroups", nil, 0},
		{"windoku", board.Classic, "extraregion extraregion extraregion extraregion", nil, 0},
		{"hyper", board.Square(2), "extraregion", nil, 0},
		{"antiknight,antiknigt", board.Classic, "", variant.ErrUnknownRule, 12},
		{"antiknight,,antiking", board.Classic, "", variant.ErrUnknownRule, 12},
		{"antiking, anti-king", board.Classic, "", variant.ErrUnknownRule, 11},
		{"diagonals,diagonal+", board.Classic, "", variant.ErrUnknownRule, 1},
		{"windoku", board.Shape{BoxRows: 1, BoxCols: 5}, "", variant.ErrUnknownRule, 1},
	}
	for _, tt := range tests {
		t.Run(tt.spec, func(t *testing.T) {
			rules, err := variant.ParseRules(tt.spec, tt.shape)
			if !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Fatalf("ParseRules(%q) error %v, want %v", tt.spec, err, tt.err)
			}
			if err != nil {
				var pe *variant.ParseError
				if !errors.As(err, &pe) || pe.Col != tt.col || pe.Line != 0 {
					t.Fatalf("ParseRules(%q) = %v, want a ParseError at column %d", tt.spec, err, tt.col)
				}
				return
			}
			var names []string
			for _, r := range rules {
				names = append(names, r.Name())
			}
			if got := strings.Join(names, " "); got != tt.names {
				t.Fatalf("ParseRules(%q) = %s, want %s", tt.spec, got, tt.names)
			}
			p := variant.New(tt.shape)
			p.Rules = rules
			if err := p.Validate(); err != nil {
				t.Fatalf("rules of %q invalid: %v", tt.spec, err)
			}
		})
	}
}

func TestReadRegions(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		n    int
		want []int
		line int
		col  int
		msg  string
	}{
		{"compact", "1122\n1122\n3344\n3344\n", 4, []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}, 0, 0, ""},
		{"spaced, comments, CRLF", "# jigsaw\r\n\r\na a b b\r\n a c b b\r\nc c d d\r\nc d a d\r\n# end\r\n", 4,
			[]int{0, 0, 1, 1, 0, 2, 1, 1, 2, 2, 3, 3, 2, 3, 0, 3}, 0, 0, ""},
		{"long labels", "10 10 x x\n10 10 x x\ny y z z\ny y z z\n", 4, []int{0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3}, 0, 0, ""},
		{"scattered regions", "1212\n3434\n2121\n4343\n", 4, []int{0, 1, 0, 1, 2, 3, 2, 3, 1, 0, 1, 0, 3, 2, 3, 2}, 0, 0, ""},
		{"short row", "1122\n112\n3344\n3344\n", 4, nil, 2, 4, "3 labels in row 2"},
		{"long row", "1122\n1122\n33445\n3344\n", 4, nil, 3, 5, "5 labels in row 3"},
		{"fifth label", "1122\n1125\n3344\n3344\n", 4, nil, 3, 3, "label \"4\" makes region 5 of 4"},
		{"big region", "1112\n1122\n3344\n3344\n", 4, nil, 2, 2, "more than 4 cells"},
		{"uneven regions", "1122\n1122\n3344\n3343\n", 4, nil, 4, 4, "region \"3\" has more than 4 cells"},
		{"missing rows", "1122\n1122\n", 4, nil, 3, 1, "2 rows, want 4"},
		{"extra row", "1122\n1122\n3344\n3344\n1234\n", 4, nil, 5, 1, "more than 4 rows"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := variant.ReadRegions(strings.NewReader(tt.in), tt.n)
			if tt.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				if len(got) != len(tt.want) {
					t.Fatalf("got %v", got)
				}
				for i := range got {
					if got[i] != tt.want[i] {
						t.Fatalf("got %v, want %v", got, tt.want)
					}
				}
				if err := variant.ValidateRegions(tt.n, got); err != nil {
					t.Fatal(err)
				}
				return
			}
			var pe *variant.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, variant.ErrRegions) || pe.Line != tt.line || pe.Col != tt.col || !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("ReadRegions error %v, want line %d column %d mentioning %q", err, tt.line, tt.col, tt.msg)
			}
		})
	}
}

func FuzzParseRules(f *testing.F) {
	f.Add("diagonals,antiknight,windoku")
	f.Add("x, disjoint ,nonconsecutive,hyper")
	f.Add(",")
	f.Fuzz(func(t *testing.T, spec string) {
		for _, s := range []board.Shape{board.Classic, board.Square(2), {BoxRows: 1, BoxCols: 5}} {
			rules, err := variant.ParseRules(spec, s)
			if err != nil {
				var pe *variant.ParseError
				if !errors.As(err, &pe) || pe.Col < 1 || pe.Col > len(spec)+1 {
					t.Fatalf("ParseRules(%q): %v is not a ParseError within the spec", spec, err)
				}
				continue
			}
			p := variant.New(s)
			p.Rules = rules
			if err := p.Validate(); err != nil {
				t.Fatalf("ParseRules(%q) made invalid rules: %v", spec, err)
			}
		}
	})
}

func FuzzReadRegions(f *testing.F) {
	f.Add("1122\n1122\n3344\n3344\n", 4)
	f.Add("a a b b\na a b b\nc c d d\nc c d d", 4)
	f.Add("111222333\n111222333\n111222333\n444555666\n444555666\n444555666\n777888999\n777888999\n777888999\n", 9)
	f.Fuzz(func(t *testing.T, in string, n int) {
		if n < 1 || n > 16 {
			return
		}
		labels, err := variant.ReadRegions(strings.NewReader(in), n)
		if err != nil {
			var pe *variant.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 || pe.Col < 1 {
				t.Fatalf("error %v has no position", err)
			}
			return
		}
		if err := variant.ValidateRegions(n, labels); err != nil {
			t.Fatalf("accepted regions are invalid: %v", err)
		}
	})
}

// TestParseRulesSuggests checks that a misspelt rule name is answered with
// the nearest known one, and a name far from all with none.
func TestParseRulesSuggests(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"antiknigt", "did you mean antiknight?"},
		{"windku", "did you mean windoku?"},
		{"Diagonal-", ""}, // known: no error
		{"frobnicate", ""},
	} {
		_, err := variant.ParseRules(tc.spec, board.Classic)
		got := ""
		if err != nil {
			if i := strings.Index(err.Error(), "did you mean"); i >= 0 {
				got = err.Error()[i : i+strings.Index(err.Error()[i:], "?")+1]
			}
		}
		if got != tc.want {
			t.Errorf("%q: %v; want the hint %q", tc.spec, err, tc.want)
		}
	}
}
