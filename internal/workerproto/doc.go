// Package workerproto is the protocol between a batch (package batch) and
// the worker processes it starts: plain text, one message a line, so that a
// puzzle's way through costs the parent well under a microsecond.
//
// The parent writes a configuration line first; the worker answers Ready
// once it can solve, then one response per request, in request order:
//
//	config:   satdoku-worker 3 JSON                     (Config as JSON)
//	ready:    ready satdoku-worker 3
//	request:  SEQ BOXROWS BOXCOLS CELLS                 (a classic board)
//	request:  SEQ V JSON                                (a variant puzzle)
//	response: SEQ ⇥ STATUS ⇥ COUNT ⇥ ENGINE ⇥ FLAGS ⇥ STAGE ⇥ NANOS ⇥ SOLUTION ⇥ SECOND ⇥ CONFLICT ⇥ CONFLICTRULES ⇥ CLASHES ⇥ FALLBACK ⇥ CANDIDATES ⇥ ERROR
//
// (⇥ is a tab.) CELLS, SOLUTION and SECOND hold one byte per cell in row
// order, '0'+digit, or "-" for no board. A variant puzzle's JSON is one
// line: {"r":BOXROWS,"c":BOXCOLS,"cells":CELLS,"regions":null or [...],"rules":[{"t":TYPE,"v":RULE},...]},
// each rule its Go value as encoding/json writes it and TYPE its type's
// name in package variant ("Killer", "Thermometer", ...), so that it reads
// back as the very same value. STATUS is an engine.Status, STAGE
// an encode.Stage, FLAGS the sum of 1 for Settled and 2 for Confirmed,
// NANOS the elapsed time. CONFLICT lists cell indexes separated by commas,
// CONFLICTRULES rule indexes. CLASHES lists clashing pairs separated
// by semicolons, each CELLA,CELLB,DIGIT,UNIT with UNIT a Go-quoted string.
// FALLBACK is a Go-quoted string. CANDIDATES is empty, or the true
// candidates (engine.Options.Candidates) as one hexadecimal digit set a
// cell (bit d−1 for digit d), separated by commas. ERROR is empty for no error, or CODES:TEXT
// with TEXT the Go-quoted message and CODES the comma-separated codes of
// the known sentinel errors it wraps (see Sentinels), so that errors.Is
// still holds in the parent.
package workerproto
