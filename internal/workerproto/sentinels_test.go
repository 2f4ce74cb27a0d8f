package workerproto

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/satdoku/satdoku/"

// pkgSource is what the sentinel check reads of one package's source.
type pkgSource struct {
	errs    []string // the exported package-level variables named Err…
	listed  []string // the names the package's Sentinels function returns
	imports []string // the module's packages it imports, as paths in it
}

// readPackage parses the non-test Go files of the package at path dir (a
// path inside the module, "board"), from the module's root root.
func readPackage(t *testing.T, root, dir string) pkgSource {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var src pkgSource
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ps := parseSource(f)
		src.errs = append(src.errs, ps.errs...)
		src.listed = append(src.listed, ps.listed...)
		src.imports = append(src.imports, ps.imports...)
	}
	return src
}

// parseSource reads one file: its Err variables, the
// identifiers its Sentinels function names, and its imports of the module.
func parseSource(f *ast.File) pkgSource {
	var src pkgSource
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && strings.HasPrefix(p, module) {
			src.imports = append(src.imports, strings.TrimPrefix(p, module))
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, spec := range d.Specs {
				for _, id := range spec.(*ast.ValueSpec).Names {
					if strings.HasPrefix(id.Name, "Err") && ast.IsExported(id.Name) {
						src.errs = append(src.errs, id.Name)
					}
				}
			}
		case *ast.FuncDecl:
			if d.Recv != nil || d.Name.Name != "Sentinels" || d.Body == nil {
				continue
			}
			ast.Inspect(d.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && strings.HasPrefix(id.Name, "Err") {
					src.listed = append(src.listed, id.Name)
				}
				return true
			})
		}
	}
	return src
}

// uncarriedSentinels walks the module's packages from engine along their
// imports and returns each sentinel a package declares that crosses the
// protocol in no table: missing from the package's Sentinels list, or the
// package missing from tables. src reads a package.
func uncarriedSentinels(src func(dir string) pkgSource, tables []string) []string {
	var out []string
	seen := map[string]bool{}
	queue := []string{"engine"}
	for len(queue) > 0 {
		dir := queue[0]
		queue = queue[1:]
		if seen[dir] {
			continue
		}
		seen[dir] = true
		s := src(dir)
		queue = append(queue, s.imports...)
		for _, e := range s.errs {
			if !slices.Contains(tables, dir) || !slices.Contains(s.listed, e) {
				out = append(out, dir+"."+e)
			}
		}
	}
	sort.Strings(out)
	return out
}

// TestSentinelsComplete reads the source of the engine and of every
// package of this module it imports: each sentinel they declare is in its
// package's table, and each such package is in sentinelTables, so that
// every error an engine can return keeps its identity in the parent
// (TestErrorsKeepIdentity sends each one across).
func TestSentinelsComplete(t *testing.T) {
	root := filepath.Join("..", "..")
	var tables []string
	for _, st := range sentinelTables {
		tables = append(tables, st.pkg)
	}
	read := func(dir string) pkgSource { return readPackage(t, root, dir) }
	if missing := uncarriedSentinels(read, tables); len(missing) > 0 {
		t.Errorf("sentinels that do not cross the worker protocol (add them to their package's Sentinels, the package to sentinelTables): %v", missing)
	}
	// Each table returns what its source lists, and the assembled list
	// holds them all.
	for _, st := range sentinelTables {
		if st.pkg == "" {
			continue
		}
		if got, want := len(st.sentinels()), len(read(st.pkg).listed); got != want {
			t.Errorf("%s.Sentinels returns %d errors, its source names %d", st.pkg, got, want)
		}
		for _, s := range st.sentinels() {
			if !slices.Contains(Sentinels, s) {
				t.Errorf("%s: %v not in Sentinels", st.pkg, s)
			}
		}
	}

	// The negative case: a package with a sentinel its table lacks, and
	// a package with none of its own that imports one missing from tables.
	fake := map[string]string{
		"engine": `package engine; import "github.com/satdoku/satdoku/board"; import "github.com/satdoku/satdoku/newpkg"; var ErrA = errors.New("a"); func Sentinels() []error { return []error{ErrA} }`,
		"board":  `package board; var ( ErrB = errors.New("b"); ErrNew = errors.New("new") ); func Sentinels() []error { return []error{ErrB} }`,
		"newpkg": `package newpkg; var ErrC = errors.New("c")`,
	}
	fakeSrc := func(dir string) pkgSource {
		f, err := parser.ParseFile(token.NewFileSet(), dir+".go", fake[dir], 0)
		if err != nil {
			t.Fatal(err)
		}
		return parseSource(f)
	}
	if got, want := uncarriedSentinels(fakeSrc, []string{"engine", "board"}), []string{"board.ErrNew", "newpkg.ErrC"}; !slices.Equal(got, want) {
		t.Errorf("the check on a module with uncarried sentinels reports %v, want %v", got, want)
	}
}

// TestVersionOnce checks that the package doc states the version Version
// says.
func TestVersionOnce(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	doc := f.Doc.Text()
	if n := strings.Count(doc, "satdoku-worker/"); n == 0 || n != strings.Count(doc, Protocol) {
		t.Errorf("the package doc names another version than %s", Protocol)
	}
}
