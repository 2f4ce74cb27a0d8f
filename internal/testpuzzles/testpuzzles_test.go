package testpuzzles

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRootHoldsGoMod(t *testing.T) {
	if _, err := os.Stat(filepath.Join(Root(), "go.mod")); err != nil {
		t.Fatalf("Root() = %s: %v", Root(), err)
	}
}

func TestReadSample(t *testing.T) {
	bs := Boards(t, "testdata/top1465-sample.txt")
	if len(bs) < 2 {
		t.Fatalf("got %d boards", len(bs))
	}
	for _, b := range bs {
		if b.Side() != 9 {
			t.Fatalf("side %d", b.Side())
		}
	}
}
