package encode

import "github.com/satdoku/satdoku/propagate"

// Stage names the step of Fast's propagation that decided a puzzle. It is
// propagate.Stage, kept here so that callers of Fast need not import
// package propagate.
type Stage = propagate.Stage

// The stages, as in package propagate.
const (
	StageSearch  = propagate.StageSearch
	StageSingles = propagate.StageSingles
	StageSubsets = propagate.StageSubsets
	StageProbing = propagate.StageProbing
)
