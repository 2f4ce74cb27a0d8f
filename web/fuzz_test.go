package web

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// FuzzAPI sends arbitrary bodies to the render and solve endpoints: every
// answer is JSON with a known status, a status code from the documented
// set, and any picture is well-formed XML. Nothing panics.
func FuzzAPI(f *testing.F) {
	for _, seed := range []string{
		`{"puzzle":"` + classic + `"}`,
		`{"puzzle":"` + classic + `","count":2,"explain":true}`,
		`{"givens":[1,0,0,0,0,0,2,0,0,3,0,0,0,0,0,4]}`,
		`{"puzzle":"1 0 0 0 0 0\n0 0 0 4 0 0\n0 0 3 0 0 0\n0 5 0 0 0 0\n0 0 0 0 6 0\n0 0 0 0 0 2\n","box":"2x3","show":"puzzle"}`,
		`{"puzzle":"55` + classic[2:] + `","explain":true}`,
		`{"puzzle":"x","alphabet":"hex","format":"text","picture":"none"}`,
		`{"puzzle":"","givens":null}`,
		`{"puzzle":"D<5<JE<H<^S<<^L<<^A^J<^M<^D^^^^^^^^^H<<N0^C<<CS>^KN<QD^^^^^^^^^9^<<^>>^A^<G<^9<>^"}`, // a snarfable killer
		`[]`, `{`, `{"count":-1}`,
	} {
		f.Add(byte(0), seed)
		f.Add(byte(1), seed)
	}
	h := NewHandler(Config{MaxSide: 9, SolveTimeout: 5 * time.Second, MaxBody: 1 << 14})
	f.Fuzz(func(t *testing.T, which byte, body string) {
		path := "/api/render"
		if which%2 == 1 {
			path = "/api/solve"
		}
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Host = "127.0.0.1:8080"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		switch rec.Code {
		case 200, 400, 413, 501, 503:
		default:
			t.Fatalf("status %d for %q", rec.Code, body)
		}
		var resp Response
		if err := json.NewDecoder(rec.Body).Decode(&resp); err != nil {
			t.Fatalf("answer is not JSON: %v", err)
		}
		switch resp.Status {
		case StatusOK, StatusSolved, StatusNoSolution, StatusTimeout, StatusInvalid, StatusBusy, StatusUndecided, StatusError:
		default:
			t.Fatalf("unknown status %q", resp.Status)
		}
		if rec.Code != 200 && resp.Error == "" {
			t.Fatalf("status %d with no error message", rec.Code)
		}
		for _, svg := range []string{resp.SVG, resp.SVGSecond} {
			if svg == "" {
				continue
			}
			dec := xml.NewDecoder(bytes.NewReader([]byte(svg)))
			for {
				_, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("picture is not XML: %v", err)
				}
			}
		}
	})
}
