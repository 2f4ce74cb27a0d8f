module github.com/satdoku/satdoku

go 1.25.0

require (
	github.com/crillab/gophersat v1.4.0
	github.com/mattn/go-shellwords v1.0.16
	github.com/urfave/cli/v2 v2.27.7
	golang.org/x/sys v0.46.0
	golang.org/x/term v0.44.0
)

require (
	github.com/cpuguy83/go-md2man/v2 v2.0.7 // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1 // indirect
)
