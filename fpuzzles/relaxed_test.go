package fpuzzles

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestStrictJSON(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`{}`, `{}`},
		{`{"a":[1,2],"b":"x"}`, `{"a":[1,2],"b":"x"}`},
		{`{ce:[[,,],[{v:5},,]]}`, `{"ce":[[{},{},{}],[{"v":5},{},{}]]}`},
		{`{a:[]}`, `{"a":[{}]}`},
		{`{r:t,s:f,u:true,n:null}`, `{"r":true,"s":false,"u":true,"n":null}`},
		{`{c:#0,c2:#F,c1:FF00aa,x:123456}`, `{"c":"#000000","c2":"#FFFFFF","c1":"#FF00aa","x":"#123456"}`},
		{`{te:'don\'t say "no"\nnow',w:0.34,h:-1e2}`, `{"te":"don't say \"no\"\nnow","w":0.34,"h":-1e2}`},
		{`{te:'\u00e9',k:word}`, `{"te":"é","k":"word"}`},
		{" {\n a : [ 1 , , 2 ] \n} ", `{"a":[1,{},2]}`},
		{`{v:0123}`, `{"v":"0123"}`},
	}
	for _, tt := range tests {
		got, err := strictJSON([]byte(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.in, got, tt.want)
		}
		if !json.Valid(got) {
			t.Errorf("%s: %s is not JSON", tt.in, got)
		}
	}
	bad := []struct{ in, msg string }{
		{`{a:'x`, "offset 3: a string does not end"},
		{`{a 1}`, "':' is missing"},
		{`{a:1 b:2}`, "',' or '}' is missing"},
		{`[1 2]`, "',' or ']' is missing"},
		{`{a:1}x`, "text after the end"},
		{`{:1}`, "a key is missing"},
		{`{a:}`, "unexpected '}'"},
		{``, "the text ends where a value should be"},
		{strings.Repeat("[", 100), "nested more than 64 deep"},
		{`{a:'\u12'}`, "bad \\u escape"},
	}
	for _, tt := range bad {
		_, err := strictJSON([]byte(tt.in))
		if !errors.Is(err, errRelaxed) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%q: error %v, want one with %q", tt.in, err, tt.msg)
		}
	}
}

// FuzzStrictJSON checks that strictJSON never panics and that what it
// returns is JSON.
func FuzzStrictJSON(f *testing.F) {
	for _, s := range []string{`{ce:[[,,],[{v:5},,]]}`, `{te:'a\'b',c:#0,x:FF00aa}`, `[[],[,]]`, `{"a":"\u00e9"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, err := strictJSON([]byte(s))
		if err == nil && !json.Valid(out) {
			t.Fatalf("%q gave %q, not JSON", s, out)
		}
	})
}

func TestRuleWords(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]string{
		"Normal sudoku rules apply. Digits in cages sum to the total, making the break-in tricky.": "",
		"Taking stock: cages may not repeat digits; look at the knightly heroes.":                  "",
		"Anti-knight: cells a knight's move apart differ.":                                         "Anti-knight,knight",
		"Antiking applies.":                                  "Antiking",
		"Cells a king's move apart differ.":                  "king",
		"Digits on the marked diagonals do not repeat.":      "diagonals",
		"No two orthogonally adjacent cells are consecutive": "consecutive",
		"Non-consecutive.":                                   "Non-consecutive",
		"The 4 shaded regions are extra regions (Windoku).":  "extra regions,Windoku",
	} {
		if got := strings.Join(ruleWords(text), ","); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}
