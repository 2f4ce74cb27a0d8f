// Command satdoku-web serves satdoku's web page and its JSON API on
// 127.0.0.1:8080 until interrupted: it is "satdoku serve", which runs it
// with its arguments. Run "satdoku-web --help" for its flags and limits.
//
// It is a program of its own so that the command line does not link
// net/http (see the satdoku command).
package main

import (
	"os"

	"github.com/satdoku/satdoku/app"
	"github.com/satdoku/satdoku/batch"
	"github.com/satdoku/satdoku/web/serve"
)

func main() {
	// Each solve of the page runs in a worker process: this executable
	// started again, which serves it and exits here.
	batch.ServeWorkerIfChild()
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "serve" { // "satdoku-web serve" reads as "satdoku serve"
		args = args[1:]
	}
	os.Exit(app.Main(append([]string{"satdoku", "serve"}, args...), os.Stdin, os.Stdout, os.Stderr, serve.Command))
}
