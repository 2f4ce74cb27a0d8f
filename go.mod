module github.com/satdoku/satdoku

go 1.25.0

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/crillab/gophersat v1.4.0
	github.com/mattn/go-shellwords v1.0.16
	github.com/urfave/cli/v2 v2.27.7
	golang.org/x/image v0.44.0
	golang.org/x/sys v0.46.0
	golang.org/x/term v0.44.0
)

require (
	github.com/cpuguy83/go-md2man/v2 v2.0.7 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1 // indirect
	golang.org/x/text v0.40.0 // indirect
)
