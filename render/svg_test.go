package render

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// svgElem is one element of a parsed SVG document.
type svgElem struct {
	Name  string
	Attr  map[string]string
	Text  string // character data directly inside it
	Depth int
}

// parseSVG decodes a whole SVG document with encoding/xml, failing the test
// on any error, and checks the root: an <svg> in the SVG namespace with a
// viewBox matching its width and height.
func parseSVG(t testing.TB, doc []byte) []*svgElem {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	dec.Strict = true
	var out, stack []*svgElem
	roots := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			e := &svgElem{Name: tok.Name.Local, Attr: map[string]string{}, Depth: len(stack)}
			for _, a := range tok.Attr {
				e.Attr[a.Name.Local] = a.Value
			}
			if len(stack) == 0 {
				roots++
				if tok.Name.Space != "http://www.w3.org/2000/svg" || tok.Name.Local != "svg" {
					t.Fatalf("root element is %s:%s, want the SVG namespace's svg", tok.Name.Space, tok.Name.Local)
				}
				want := "0 0 " + e.Attr["width"] + " " + e.Attr["height"]
				if e.Attr["viewBox"] != want {
					t.Errorf("viewBox %q, want %q", e.Attr["viewBox"], want)
				}
				if e.Attr["font-family"] != "sans-serif" {
					t.Errorf("font-family %q, want the generic sans-serif", e.Attr["font-family"])
				}
			}
			stack = append(stack, e)
			out = append(out, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].Text += string(tok)
			}
		}
	}
	if roots != 1 {
		t.Fatalf("%d root elements, want 1", roots)
	}
	return out
}

// withClass returns the elements whose class holds every word of class.
func withClass(elems []*svgElem, class string) []*svgElem {
	var out []*svgElem
	for _, e := range elems {
		if hasWords(e.Attr["class"], strings.Fields(class)) {
			out = append(out, e)
		}
	}
	return out
}

func TestWriteSVGElements(t *testing.T) {
	sc := &Scene{Width: 100.5, Height: 50, Title: `a <b> & "c"`, Background: RGB(255, 255, 255)}
	sc.Add(
		&Path{Meta: Meta{Class: "line", Cells: []int{3, 4}}, Polys: [][]Point{{{0, 0}, {10, -0.004}}, {{5, 5}, {6, 6}}},
			Style: Style{Stroke: Alpha(RGB(1, 2, 3), 0.5), Width: 2, Cap: RoundCap, Join: RoundJoin, Dash: []float64{3, 1.5}}},
		&Circle{Meta: Meta{Class: "dot"}, C: Pt(5, 5), R: 2, Style: Style{Fill: Hex("#ff0000")}},
		&Rect{Meta: Meta{Class: "box"}, Min: Pt(1, 2), W: 3, H: 4, Round: 1, Style: Style{Stroke: RGB(0, 0, 0), Width: 1, Join: BevelJoin, Cap: SquareCap}},
		&Text{Meta: Meta{Class: "label"}, At: Pt(7, 8), Size: 12, Anchor: Start, Bold: true, Color: RGB(0, 0, 0), Text: "x<y & z"},
		&Text{Meta: Meta{Class: "end"}, At: Pt(7, 8), Size: 12, Anchor: End, Color: RGB(0, 0, 0), Text: "1"},
	)
	var buf bytes.Buffer
	if err := sc.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	els := parseSVG(t, buf.Bytes())
	byName := map[string][]*svgElem{}
	for _, e := range els {
		byName[e.Name] = append(byName[e.Name], e)
	}
	if got := byName["title"]; len(got) != 1 || got[0].Text != `a <b> & "c"` {
		t.Errorf("title = %+v", got)
	}
	p := byName["path"][0]
	for k, want := range map[string]string{
		"d": "M0 0 L10 0 M5 5 L6 6", "class": "line", "data-cells": "3 4", "fill": "none",
		"stroke": "#010203", "stroke-opacity": "0.5", "stroke-width": "2", "stroke-linecap": "round",
		"stroke-linejoin": "round", "stroke-dasharray": "3 1.5",
	} {
		if p.Attr[k] != want {
			t.Errorf("path %s=%q, want %q", k, p.Attr[k], want)
		}
	}
	c := byName["circle"][0]
	if c.Attr["fill"] != "#ff0000" || c.Attr["r"] != "2" || c.Attr["stroke"] != "" {
		t.Errorf("circle attributes %v", c.Attr)
	}
	r := byName["rect"][1]
	if r.Attr["rx"] != "1" || r.Attr["stroke-linejoin"] != "bevel" || r.Attr["stroke-linecap"] != "square" {
		t.Errorf("rect attributes %v", r.Attr)
	}
	txt := byName["text"]
	if txt[0].Text != "x<y & z" || txt[0].Attr["font-weight"] != "bold" || txt[0].Attr["text-anchor"] != "" {
		t.Errorf("start text %+v", txt[0])
	}
	if txt[1].Attr["text-anchor"] != "end" || txt[1].Attr["font-weight"] != "" {
		t.Errorf("end text %+v", txt[1])
	}
	if !strings.HasPrefix(buf.String(), `<svg xmlns="http://www.w3.org/2000/svg" width="100.5" height="50" viewBox="0 0 100.5 50"`) {
		t.Errorf("header: %.120s", buf.String())
	}
}

func TestHex(t *testing.T) {
	if got := Hex("#0a0B0c"); got != RGB(10, 11, 12) {
		t.Errorf("Hex = %v", got)
	}
	if got := Hex("#0a0b0c80"); got.A != 128 {
		t.Errorf("alpha = %v", got.A)
	}
	for _, bad := range []string{"", "#12345", "0a0b0c", "#zz0000", "#1234567"} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Hex(%q) did not panic", bad)
				}
			}()
			Hex(bad)
		}()
	}
}

func TestFind(t *testing.T) {
	sc := &Scene{}
	sc.Add(&Text{Meta: Meta{Class: "digit given"}}, &Text{Meta: Meta{Class: "digit solved"}}, &Text{Meta: Meta{Class: "candidate"}})
	if got := len(sc.Find("digit")); got != 2 {
		t.Errorf("Find(digit) = %d items, want 2", got)
	}
	if got := len(sc.Find("given digit")); got != 1 {
		t.Errorf("Find(given digit) = %d items, want 1", got)
	}
	if got := len(sc.Find("giv")); got != 0 {
		t.Errorf("Find(giv) = %d items, want 0 (whole words only)", got)
	}
}
