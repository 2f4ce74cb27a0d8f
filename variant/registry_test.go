package variant_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/board"
	"github.com/satdoku/satdoku/variant"
)

// TestKinds checks the registry itself: names unique and equal to their
// types' names, samples valid on an empty 9×9 puzzle and described,
// f-puzzles keys unique to a kind (but for the killer cage, which reads
// as a Killer or a DigitalRootCage), and each line key's constructor
// making a rule of its kind.
func TestKinds(t *testing.T) {
	p := variant.New(board.Classic)
	names := map[string]bool{}
	keyKinds := map[string][]string{}
	for _, k := range variant.Kinds() {
		if names[k.Name] {
			t.Errorf("kind %s listed twice", k.Name)
		}
		names[k.Name] = true
		typ := k.Type()
		if typ == nil || typ.Name() != k.Name || typ.PkgPath() != reflect.TypeOf(variant.Killer{}).PkgPath() || typ.Kind() == reflect.Pointer {
			t.Errorf("kind %s: sample of type %v", k.Name, typ)
			continue
		}
		if err := k.Sample.Validate(p); err != nil {
			t.Errorf("kind %s: sample invalid on 9x9: %v", k.Name, err)
		}
		if k.Sample.Describe(9) == "" || k.Doc == "" || strings.Contains(k.Doc, "\n") {
			t.Errorf("kind %s: no description, or a doc of more than one line", k.Name)
		}
		if got, ok := variant.KindOf(k.Sample); !ok || got.Name != k.Name {
			t.Errorf("KindOf(%s sample) = %s, %v", k.Name, got.Name, ok)
		}
		for _, key := range k.Keys {
			keyKinds[key.Name] = append(keyKinds[key.Name], k.Name)
			if key.Line != nil {
				r := key.Line([]int{0, 1, 2})
				if reflect.TypeOf(r) != typ || r.Name() != key.Name {
					t.Errorf("key %s makes a %T named %q", key.Name, r, r.Name())
				}
			}
		}
	}
	for key, ks := range keyKinds {
		if len(ks) > 1 && !(key == "killercage" && slices.Equal(ks, []string{"Killer", "DigitalRootCage"})) {
			t.Errorf("f-puzzles key %s belongs to %v", key, ks)
		}
	}
	type embedded struct{ variant.Killer }
	if _, ok := variant.KindOf(embedded{}); ok {
		t.Error("a type of another package embedding a rule has a kind")
	}
	// The caller owns the slice.
	ks := variant.Kinds()
	ks[0].Name = "changed"
	if variant.Kinds()[0].Name == "changed" {
		t.Error("Kinds returns the registry itself")
	}
}

// TestKindsComplete reads the package's source: every type with a Check
// method (the one method only rules have) is registered, and the package
// doc names every kind.
func TestKindsComplete(t *testing.T) {
	registered := map[string]bool{}
	for _, k := range variant.Kinds() {
		registered[k.Name] = true
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var doc string
	found := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if name == "doc.go" {
			doc = f.Doc.Text()
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "Check" {
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok && ast.IsExported(id.Name) {
				found++
				if !registered[id.Name] {
					t.Errorf("%s: rule type %s is not in Kinds", name, id.Name)
				}
			}
		}
	}
	if found != len(registered) {
		t.Errorf("%d rule types in the source, %d kinds", found, len(registered))
	}
	if doc == "" {
		if _, err := os.Stat("doc.go"); err != nil {
			t.Fatal(err)
		}
		t.Fatal("doc.go has no package comment")
	}
	for name := range registered {
		if !strings.Contains(doc, name) {
			t.Errorf("the package doc does not name kind %s", name)
		}
	}
}
