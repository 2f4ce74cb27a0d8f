package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/satdoku/satdoku/web"
)

// Serve the API and solve a puzzle through it, as curl or the page would.
func ExampleNewHandler() {
	srv := httptest.NewServer(web.NewHandler(web.Config{}))
	defer srv.Close()
	body := `{"puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79","count":2,"picture":"none"}`
	resp, err := http.Post(srv.URL+"/api/solve", "application/json", strings.NewReader(body))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	var answer web.Response
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.StatusCode, answer.Status, *answer.Solutions, *answer.Unique)
	fmt.Print(answer.SolutionText)
	// Output:
	// 200 solved 1 true
	// 534678912672195348198342567859761423426853791713924856961537284287419635345286179
}
