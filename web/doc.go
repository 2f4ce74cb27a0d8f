// Package web serves satdoku's local web page and its JSON API: paste or
// type a puzzle, solve it, check its uniqueness, see its true candidates or
// why it has no solution, and look at the picture (the SVG of package
// render). The page's files are embedded in the binary; the page loads
// nothing from elsewhere and works offline.
//
// # API
//
// Every endpoint answers JSON. POST bodies are JSON objects sent with
// Content-Type: application/json, with parameters or not
// ("application/json; charset=utf-8"); any other type, application/jsonx
// included, is refused with 415, which also keeps other web sites from
// posting to the server. Bodies are at most
// Config.MaxBody bytes (413 beyond), with no unknown fields (400).
//
// GET /api/info returns the limits and features:
//
//	{"version":"…","max_side":25,"max_body":1048576,"max_count":100,"max_solves":2,
//	 "timeout_ms":10000,"candidates":false,"variants":false,
//	 "formats":["auto","text","fpuzzles"],"alphabets":["default","hex","letters"],
//	 "rule_names":"diagonal+, diagonal-, …","running_solves":0,
//	 "max_renders":2,"max_picture":8388608,"running_renders":0}
//
// "candidates" and "variants" say whether this build computes true
// candidates and solves puzzles with variant rules, not only draws them
// (Config.Solve, Config.Candidates, Config.SolveVariant).
//
// POST /api/render reads a puzzle and draws it. POST /api/solve solves it.
// Both take a Request (and so does POST /api/steps, below):
//
//	{"puzzle": "53..7....\n6..195...\n…",  the puzzle in any text format satdoku reads,
//	                                        or f-puzzles JSON, compressed text or link
//	 "format": "auto",                      auto (default), text or fpuzzles
//	 "box": "2x3",                          box shape for rectangular boxes (optional)
//	 "alphabet": "default",                 symbols of compact/line text: default, hex, letters
//	 "rules": "diagonals,windoku",          global rules of a text puzzle (optional)
//	 "regions": "112223334\n…",             jigsaw regions of a text puzzle: N lines of N labels
//	 "givens": [5,3,0,…],                   N² digits replacing the givens (optional)
//	 "count": 2,                            solve: count solutions up to this (2 = uniqueness)
//	 "explain": true,                       solve: say why there is no solution
//	 "candidates": true,                    solve: true candidates instead of a solution
//	 "show": "both",                        picture: both, puzzle or solution
//	 "picture": "svg",                      svg (default) or none
//	 "candidate_counts": true}              colour true candidates' cells by their number
//
// and answer a Response (fields that do not apply are left out). Its
// result fields are the JSON object of "satdoku solve -o json" (package
// report; docs/formats.md), the rest describe the puzzle and carry its
// pictures:
//
//	{"status":"solved", "solution":"5346789…", "engine":"sat", "micros":1300,
//	 "solutions":2, "unique":false, "second":"5346789…", "differ":["r1c4","r1c6",…],
//	 "clashes":[{"cells":[0,1],"digit":5,"unit":"row 1","message":"…"}],
//	 "conflict":["r1c1=5",…,"positive diagonal …"], "conflict_cells":[0,12,…],
//	 "conflict_rules":[2], "explanation":"…", "confirmed":true, "candidates":[[1,2],[5],…],
//	 "size":9, "box":"3x3", "format":"compact", "symbols":"123456789",
//	 "givens":[…81 digits…], "text":"53..7....\n…", "rules":["positive diagonal …"],
//	 "fpuzzles":"https://www.f-puzzles.com/?load=N4Ig…",
//	 "ignored":["3 lines are drawn only: not a rule, so not used to solve"],
//	 "solution_text":"534678912\n…", "svg":"<svg …>", "svg_second":"<svg …>"}
//
// The solution (and second) is its line in the puzzle's symbols ("symbols",
// or 1-9 A-Z when there are none), or rows of numbers beyond 35×35;
// micros is the time the request took.
//
// Auto-detection takes JSON, a link (f-puzzles or SudokuPad) or one long
// line holding + / = or $ or starting "N4Ig" (lz-string's compressed text)
// for f-puzzles input (read by package fpuzzles), and anything else for
// text. Rules, regions and box
// belong to text puzzles; an f-puzzles puzzle carries its own. Solutions of
// variant puzzles are checked again with variant.Check before they are sent.
//
// Status is "ok" (render), "solved" (true candidates too), "no_solution",
// "path", "mistakes", "no_path" (steps), "timeout", "undecided", "invalid",
// "busy" or "error". The HTTP status says what
// happened to the request, the "status" field what happened to the
// puzzle: 200 for every answered puzzle (solved, no solution, timeout),
// 400 for a malformed request or puzzle (the error names the line and
// column), 404 and 405 for a wrong path or method, 413 for a body too
// large or a picture larger than Config.MaxPicture, 415 for a body that is
// not JSON, 421 for a Host header that is not a loopback name (see
// Config.AnyHost), 501 for what this build cannot do (true candidates,
// solving variant rules: /api/info says which), and 503 with Retry-After:
// 1 (status "busy") when the request's solve finds no free slot (see
// Config.MaxSolves for the fair share) or its render none of
// Config.MaxRenders: the request is refused at once, never queued. A solve
// whose answer finds every render slot taken waits for one within the
// time limit, then is answered without its picture.
//
// With curl:
//
//	curl -s localhost:8080/api/solve -H 'Content-Type: application/json' \
//	  -d '{"puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79","count":2,"picture":"none"}'
//
// # Hints and the logical path
//
// POST /api/steps answers the logical path from a position: the puzzle of
// a Request, plus "entered", N² digits a person entered (0 for none; an
// f-puzzles file's own entered values when it is left out), "step", the
// step to draw (1-based; 0 draws the first: the hint), and "sub", a
// sub-step of that step to draw instead (1-based; 0, the step). It solves the
// puzzle first, counting to two, as /api/solve does: with one solution,
// entered digits that differ from it are named (status "mistakes", no
// step, the picture marking them) and the techniques that assume one
// solution are used; with several, neither. Otherwise the answer has
// status "path":
//
//	{"status":"path", "size":9, "givens":[…], "rules":[…],
//	 "path":{"steps":[{"technique":"Hidden Single","rating":1.2,
//	                   "text":"Hidden Single: 3 in box 4 only fits r6c3",
//	                   "placements":[{"cell":47,"name":"r6c3","digit":3}], "eliminations":[…],
//	                   "cells":[47], "candidates":[…],
//	                   "houses":[{"name":"box 4","cells":[27,28,29,36,…]}],
//	                   "rules":[2], "links":[{"from_digit":5,"from":[3],"to_digit":5,"to":[30],"strong":true}],
//	                   "sub":[{"technique":"Supposition","text":"suppose r7c2=4","placements":[…]},
//	                          {"technique":"Propagation","text":"box 7: r8c1≠4","eliminations":[…],"houses":[…]}, …]},
//	                  …],
//	         "shown":1, "solved":true, "stuck":false, "broken":"", "unique":true,
//	         "mistakes":[{"cell":2,"name":"r1c3","digit":2}], "note":"…"},
//	 "svg":"<svg …>"}
//
// Each step is a report.Step, as satdoku solve --steps -o json writes it
// too (package report documents its fields). Cells are r·N + c, and a
// candidate names its cell too; a step's "rules" index the answer's
// "rules" (the rule instances it relies on: a cage, a thermometer). A
// step's "sub" are the steps it is made of: a SAT step's zoom (the
// candidate supposed, then each digit that unit propagation over the
// houses and rules it names places or removes, each naming the one that
// forces it, to the contradiction), a forcing chain's branches. The
// picture is the position before step "shown", its candidates as marks and
// the step drawn as render draws a Step; or, with "sub", that step's
// sub-step "shown_sub" (left out for the step itself), numbered "12.3" (a
// SAT step's supposed candidate ringed). A puzzle with a rule the logical
// solver has no steps for yet is answered 200 with status "no_path" and an
// error naming the rule; clashing givens "no_solution"; a step past the
// path's end (but of a path cut short: its last step is drawn), or a
// sub-step past the step's, is a 400. The server keeps
// the last 16 paths it found: the same position asked again with another
// "step" (the page's next and previous) is drawn without solving again;
// and the solutions of the last 16 puzzles: another position of the same
// puzzle (a digit entered, then Hint) is not solved again.
// The path is found step by step, and the step asked for is answered as
// soon as it is found: a hard variant's path can take minutes, its first
// step (the hint) a fraction of a second. While the rest is still being
// found, the answer has "more": true and the steps found so far (their
// ending, "solved" and the rest, is not known yet); the server goes on
// finding the path, and a request for a step not found yet waits for it.
// With "whole": true the answer waits for the whole path instead (the
// page asks so beside the hint, to count the steps). One path at most is
// found so for each client (IP address): asking about another position
// stops the last one's, which ends cut short. The path stops at
// the first step after the time limit: the answer then has the steps
// found before it, and "cut" says so ("the time limit of 20s ran out
// after 10 steps"; such a path is not kept), or, with no step found,
// status "timeout".
//
// # Safety
//
// The handler reads no files but its own embedded ones, and never from a
// request. Each solve runs under a time limit (Config.SolveTimeout) and
// holds one of Config.MaxSolves slots. With Config.Solve set as satdoku
// serve sets it (batch.SolveOne), each solve runs in a worker process of
// its own that is killed when the limit passes: the slot is free and the
// memory returned before the "timeout" answer is sent. Without it, a
// gophersat solve runs in this process and cannot be interrupted: the
// request is answered "timeout" at once, but the solve keeps its slot, a
// CPU and its memory until it really ends, so the bound on concurrent
// solves still holds. Pictures are drawn at most Config.MaxRenders at once
// and at most Config.MaxPicture bytes each; after a big one, the memory it
// took is handed back to the system once nothing is being drawn or
// solved. NewServer sets read, write and idle timeouts and a header size
// limit. docs/limits.md gives the numbers measured under load.
package web
