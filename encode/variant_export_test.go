package encode_test

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/satdoku/satdoku/encode"
	"github.com/satdoku/satdoku/variant"
	"github.com/satdoku/satdoku/variant/varianttest"
)

// needSolver returns the path of an external solver, skipping the test
// when it is not installed (failing when SATDOKU_REQUIRE_SOLVERS=1).
func needSolver(t testing.TB, name, debianPackage string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	msg := fmt.Sprintf("%s is not installed (Debian package %s: apt-get install %s)", name, debianPackage, debianPackage)
	if os.Getenv("SATDOKU_REQUIRE_SOLVERS") == "1" {
		t.Fatal(msg + ", and SATDOKU_REQUIRE_SOLVERS=1")
	}
	t.Skip(msg)
	return ""
}

// exportCases returns puzzles of every rule kind on 4×4 and (unless
// short) 6×6 boards, with their solutions by the checker: one puzzle with
// one solution, one with several and one with none per kind and board
// where makeCases made them.
func exportCases(t *testing.T) []vcase {
	t.Helper()
	kinds := append(slices.Clone(varianttest.Kinds), varianttest.Globals...)
	geoms := vgeometries[:2]
	if testing.Short() {
		geoms = geoms[:1]
	}
	var out []vcase
	for _, kind := range kinds {
		for _, g := range geoms {
			name := fmt.Sprintf("export/%s/%s", kind, g.name)
			rng := rand.New(rand.NewPCG(seed(name), 3))
			taken := map[int]bool{}
			for _, c := range makeCases(rng, g, kind) {
				k := min(len(c.sols), 2)
				if taken[k] {
					continue
				}
				taken[k] = true
				c.what = name + " " + c.what
				out = append(out, c)
			}
		}
	}
	if len(out) < 50 {
		t.Fatalf("only %d export cases made", len(out))
	}
	return out
}

// TestVariantExports checks that the three views of a variant formula
// have the same solutions on the primary variables as the checker: the
// native formula, its DIMACS expansion (Clausal, every Card and Sum as
// clauses) solved by gophersat, and its OPB text read back (every
// constraint a pseudo-Boolean Sum) solved by gophersat natively.
func TestVariantExports(t *testing.T) {
	t.Parallel()
	const limit = 6
	for _, c := range exportCases(t) {
		f, err := encode.Variant(c.p)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		compare(t, c.what+" (native)", c.p, satModels(t, c.p, f, limit), c.sols, limit)
		cl := f.Clausal()
		if len(cl.Cards) != 0 || len(cl.Sums) != 0 {
			t.Fatalf("%s: Clausal left %d cards and %d sums", c.what, len(cl.Cards), len(cl.Sums))
		}
		compare(t, c.what+" (DIMACS expansion)", c.p, satModels(t, c.p, cl, limit), c.sols, limit)
		var opb bytes.Buffer
		if err := f.WriteOPB(&opb); err != nil {
			t.Fatal(err)
		}
		g, err := formulaOfOPB(opb.Bytes(), f.Primary)
		if err != nil {
			t.Fatalf("%s: reading the OPB back: %v", c.what, err)
		}
		compare(t, c.what+" (OPB)", c.p, satModels(t, c.p, g, limit), c.sols, limit)
	}
}

// TestVariantExternalSolvers checks the DIMACS text (WriteDIMACS) with
// CaDiCaL and the OPB text (WriteOPB) with MiniSat+: each enumerates the
// solutions, with a blocking clause over the true primary variables after
// each, and every answer must decode to a solution of the checker, all of
// them found up to the bound. CaDiCaL is required with
// SATDOKU_REQUIRE_SOLVERS=1; MiniSat+ is not yet, as .ci/run does not
// install it (package decode's round trip treats it the same way).
func TestVariantExternalSolvers(t *testing.T) {
	t.Parallel()
	cases := exportCases(t)
	const limit = 4
	t.Run("cadical", func(t *testing.T) {
		t.Parallel()
		cadical := needSolver(t, "cadical", "cadical")
		for _, c := range cases {
			f, err := encode.Variant(c.p)
			if err != nil {
				t.Fatalf("%s: %v", c.what, err)
			}
			var cnf bytes.Buffer
			if err := f.WriteDIMACS(&cnf); err != nil {
				t.Fatal(err)
			}
			got := enumerate(t, c, limit, func(blocks [][]int) []bool {
				return runCadical(t, cadical, cnf.Bytes(), blocks)
			})
			compare(t, c.what+" (cadical)", c.p, got, c.sols, limit)
		}
	})
	t.Run("minisat+", func(t *testing.T) {
		t.Parallel()
		minisatPlus := needSolver(t, "minisat+", "minisat+")
		for _, c := range cases {
			f, err := encode.Variant(c.p)
			if err != nil {
				t.Fatalf("%s: %v", c.what, err)
			}
			var opb bytes.Buffer
			if err := f.WriteOPB(&opb); err != nil {
				t.Fatal(err)
			}
			got := enumerate(t, c, limit, func(blocks [][]int) []bool {
				return runMinisatPlus(t, minisatPlus, opb.Bytes(), blocks, f.Primary)
			})
			compare(t, c.what+" (minisat+)", c.p, got, c.sols, limit)
		}
	})
}

// enumerate asks solve for models, blocking the true primary variables of
// each, until none is left or limit are found; each model's grid is
// decoded and checked.
func enumerate(t *testing.T, c vcase, limit int, solve func(blocks [][]int) []bool) map[string]bool {
	t.Helper()
	n := c.p.Side()
	out := map[string]bool{}
	var blocks [][]int
	for len(out) < limit {
		m := solve(blocks)
		if m == nil {
			break
		}
		if len(m) <= encode.NumVars(n) {
			m = append(m, make([]bool, encode.NumVars(n)+1-len(m))...)
		}
		g, err := decodeGrid(c.p, m)
		if err != nil {
			t.Fatalf("%s: a model does not decode: %v", c.what, err)
		}
		if err := variant.Check(c.p, g); err != nil {
			t.Fatalf("%s: a model's grid fails the checker: %v", c.what, err)
		}
		key := gridKey(g)
		if out[key] {
			t.Fatalf("%s: the solver repeated a blocked model", c.what)
		}
		out[key] = true
		var block []int
		for v := 1; v <= encode.NumVars(n); v++ {
			if m[v] {
				block = append(block, -v)
			}
		}
		blocks = append(blocks, block)
	}
	return out
}

// runCadical solves the DIMACS text plus the blocking clauses and returns
// the model (nil if unsatisfiable).
func runCadical(t *testing.T, path string, cnf []byte, blocks [][]int) []bool {
	t.Helper()
	header := bytes.Index(cnf, []byte("p cnf "))
	eol := header + bytes.IndexByte(cnf[header:], '\n')
	var vars, clauses int
	if _, err := fmt.Sscanf(string(cnf[header:eol]), "p cnf %d %d", &vars, &clauses); err != nil {
		t.Fatalf("DIMACS header %q: %v", cnf[header:eol], err)
	}
	var in bytes.Buffer
	in.Write(cnf[:header])
	fmt.Fprintf(&in, "p cnf %d %d", vars, clauses+len(blocks))
	in.Write(cnf[eol:])
	for _, b := range blocks {
		for _, l := range b {
			fmt.Fprintf(&in, "%d ", l)
		}
		in.WriteString("0\n")
	}
	cmd := exec.Command(path, "-q")
	cmd.Stdin = &in
	out, err := cmd.Output()
	if code := exitCode(err); code != 10 && code != 20 {
		t.Fatalf("cadical: %v", err)
	}
	return readModel(t, "cadical", out, vars, "")
}

// runMinisatPlus solves the OPB text plus the blocking clauses (as
// "Σ −x ≥ 1 − k" constraints) and returns the model (nil if
// unsatisfiable).
func runMinisatPlus(t *testing.T, path string, opb []byte, blocks [][]int, primary int) []bool {
	t.Helper()
	eol := bytes.IndexByte(opb, '\n')
	var vars, cons int
	if _, err := fmt.Sscanf(string(opb[:eol]), "* #variable= %d #constraint= %d", &vars, &cons); err != nil {
		t.Fatalf("OPB header %q: %v", opb[:eol], err)
	}
	var in bytes.Buffer
	fmt.Fprintf(&in, "* #variable= %d #constraint= %d", vars, cons+len(blocks))
	in.Write(opb[eol:])
	for _, b := range blocks {
		for _, l := range b {
			fmt.Fprintf(&in, "-1 x%d ", -l)
		}
		fmt.Fprintf(&in, ">= %d ;\n", 1-len(b))
	}
	dir := t.TempDir()
	file := dir + "/p.opb"
	if err := os.WriteFile(file, in.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(path, file).Output()
	if err != nil && exitCode(err) < 0 {
		t.Fatalf("minisat+: %v", err)
	}
	return readModel(t, "minisat+", out, max(vars, primary), "x")
}

// exitCode returns the exit code of a finished command (0 for nil), or −1
// if it did not run.
func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	return -1
}

// readModel reads the "s" and "v" lines of a solver's output: nil for
// UNSATISFIABLE, the model for SATISFIABLE (variables named prefix+number).
func readModel(t *testing.T, solverName string, out []byte, vars int, prefix string) []bool {
	t.Helper()
	var status string
	model := make([]bool, vars+1)
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "s "):
			status = strings.TrimSpace(line[2:])
		case strings.HasPrefix(line, "v "):
			for _, w := range strings.Fields(line[2:]) {
				neg := strings.HasPrefix(w, "-")
				w = strings.TrimPrefix(strings.TrimPrefix(w, "-"), prefix)
				v, err := strconv.Atoi(w)
				if err != nil {
					t.Fatalf("%s: value %q", solverName, w)
				}
				if v > 0 && v <= vars {
					model[v] = !neg
				}
			}
		}
	}
	switch status {
	case "SATISFIABLE":
		return model
	case "UNSATISFIABLE":
		return nil
	}
	t.Fatalf("%s: no answer:\n%s", solverName, out)
	return nil
}

// formulaOfOPB reads what WriteOPB writes (strictly: the header with
// exact counts, "* " comments, one constraint a line of "+c xv" terms,
// ">=" or "=", the bound and ";") into a formula of Sums.
func formulaOfOPB(data []byte, primary int) (*encode.Formula, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	if !sc.Scan() {
		return nil, fmt.Errorf("empty")
	}
	var vars, want int
	if _, err := fmt.Sscanf(sc.Text(), "* #variable= %d #constraint= %d", &vars, &want); err != nil || sc.Text() != fmt.Sprintf("* #variable= %d #constraint= %d", vars, want) {
		return nil, fmt.Errorf("header %q", sc.Text())
	}
	f := &encode.Formula{NumVars: vars, Primary: primary}
	for line := 2; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "* ") {
			if len(f.Sums) > 0 {
				return nil, fmt.Errorf("line %d: comment after a constraint", line)
			}
			continue
		}
		w := strings.Fields(text)
		if len(w) < 5 || w[len(w)-1] != ";" || len(w)%2 != 1 || strings.Join(w, " ") != text {
			return nil, fmt.Errorf("line %d: %q", line, text)
		}
		cmp := encode.AtLeast
		switch w[len(w)-3] {
		case "=":
			cmp = encode.Equal
		case ">=":
		default:
			return nil, fmt.Errorf("line %d: operator %q", line, w[len(w)-3])
		}
		k, err := strconv.Atoi(w[len(w)-2])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		var terms []encode.Term
		for i := 0; i < len(w)-3; i += 2 {
			co, err1 := strconv.Atoi(w[i])
			v, err2 := strconv.Atoi(strings.TrimPrefix(w[i+1], "x"))
			if (w[i][0] != '+' && w[i][0] != '-') || !strings.HasPrefix(w[i+1], "x") || err1 != nil || err2 != nil || co == 0 || v < 1 || v > vars {
				return nil, fmt.Errorf("line %d: term %q %q", line, w[i], w[i+1])
			}
			terms = append(terms, encode.Term{Weight: co, Lit: encode.Lit(v)})
		}
		f.AddSum(terms, cmp, k)
	}
	if len(f.Sums) != want {
		return nil, fmt.Errorf("header says %d constraints, file has %d", want, len(f.Sums))
	}
	return f, sc.Err()
}
