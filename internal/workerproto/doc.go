// Package workerproto is the protocol between a batch (package batch) and
// the worker processes it starts: one message a line, each line fields
// separated by tabs, so that a puzzle's way through costs the parent well
// under a microsecond.
//
// The parent writes a configuration line first; the worker answers Ready
// once it can solve, then one response per request, in request order:
//
//	config:   satdoku-worker/4 ⇥ config ⇥ CONFIG
//	ready:    satdoku-worker/4 ⇥ ready
//	request:  SEQ ⇥ BOXROWS ⇥ BOXCOLS ⇥ CELLS ⇥ RULES
//	response: SEQ ⇥ STATUS ⇥ COUNT ⇥ ENGINE ⇥ FLAGS ⇥ STAGE ⇥ NANOS ⇥ SOLUTION ⇥ SECOND ⇥ CONFLICT ⇥ CONFLICTRULES ⇥ CLASHES ⇥ FALLBACK ⇥ CANDIDATES ⇥ ERROR
//
// (⇥ is a tab; 4 is Version, written in this package's code once.)
//
// # One framing, JSON inside two fields
//
// Every line is tab-separated fields. The two fields that hold nested,
// typed data — CONFIG (a Config) and RULES (a variant puzzle's regions and
// rules) — hold it as JSON, which never contains a tab or a newline: their
// Go types round-trip through encoding/json as they are, and they cross
// once per worker or once per variant puzzle. Every other field is flat
// and crosses once per puzzle, on the hot path of batch solving, so it is
// written and read by hand, without reflection (BenchmarkResponse against
// BenchmarkResponseJSON: encoding/json takes some forty times as long,
// tens of microseconds, about what a 17-clue puzzle's whole solve costs).
//
// # Fields
//
// CELLS, SOLUTION and SECOND hold one byte per cell in row order,
// '0'+digit, or "-" for no board. RULES is empty for a classic board;
// for a variant puzzle it is {"regions":null or [...],"rules":[{"t":TYPE,"v":RULE},...]},
// each rule its Go value as encoding/json writes it and TYPE its kind's
// name in package variant ("Killer", "Thermometer": variant.Kinds), so
// that it reads back as the very same value. STATUS is an engine.Status,
// STAGE an encode.Stage, FLAGS the sum of 1 for Settled and 2 for
// Confirmed, NANOS the elapsed time. CONFLICT lists cell indexes separated
// by commas, CONFLICTRULES rule indexes. CLASHES lists clashing pairs
// separated by semicolons, each CELLA,CELLB,DIGIT,UNIT with UNIT a
// Go-quoted string. ENGINE and FALLBACK are Go-quoted strings. CANDIDATES
// is empty, or the true candidates (engine.Options.Candidates) as one
// hexadecimal digit set a cell (bit d−1 for digit d), separated by commas.
// ERROR is empty for no error, or CODES:TEXT with TEXT the Go-quoted
// message and CODES the comma-separated codes of the sentinel errors it
// wraps (see Sentinels: each package's own table), so that errors.Is
// still holds in the parent.
package workerproto
