package app

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
)

// Help comes in two lengths. "--help" (and "satdoku help COMMAND") prints
// one screen: what the command does, how to call it, a few examples and
// every flag on one line each. "--help --long" (and "satdoku help COMMAND
// --long") prints urfave/cli's full help: the description with the input
// formats, every example, each flag's whole text and the exit codes. The
// short help is made from the same texts as the long one (the command's
// Usage, the examples of its Description, the flags' Usage), so that the
// two cannot disagree.

// longFlag, given with --help, asks for the full help.
const longFlag = "--long"

// Bounds of the short help: one screen of a terminal.
const (
	helpLines = 40
	helpWidth = 80
)

// helpRequest reports whether args ask for help and for which command
// (nil: the root), and whether for the long text. Everything after "--"
// is a file name.
func helpRequest(a *cli.App, args []string) (cmd *cli.Command, help, long bool) {
	rest := args[1:]
	if len(rest) > 0 {
		if c := a.Command(rest[0]); c != nil {
			if c.SkipFlagParsing { // a program of its own: its help is its own
				return c, false, false
			}
			cmd, rest = c, rest[1:]
		}
	}
	for _, arg := range rest {
		switch arg {
		case "--":
			return cmd, help, long
		case "--help", "-help", "-h", "--h":
			help = true
		case longFlag, "-long":
			long = true
		}
	}
	return cmd, help, long
}

// withoutLong returns args without the --long that went with --help, for
// urfave/cli, which prints the full help.
func withoutLong(args []string) []string {
	out := make([]string, 0, len(args))
	for i, arg := range args {
		if arg == "--" {
			return append(out, args[i:]...)
		}
		if arg != longFlag && arg != "-long" {
			out = append(out, arg)
		}
	}
	return out
}

// printShortHelp writes the one-screen help of cmd (nil: the root).
func printShortHelp(w io.Writer, a *cli.App, cmd *cli.Command) {
	var lines []string
	add := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	if cmd == nil {
		lines = append(lines, wrap(a.Name+" - "+a.Usage, helpWidth, "   ")...)
		add("")
		add("Usage: %s [COMMAND] [options] %s   (no command: solve)", a.Name, a.ArgsUsage)
		add("")
		add("Commands:")
		width := 0
		for _, c := range a.VisibleCommands() {
			width = max(width, len(c.Name))
		}
		for _, c := range a.VisibleCommands() {
			add("%s", clipLine(fmt.Sprintf("   %-*s  %s", width, c.Name, c.Usage), helpWidth))
		}
		examples := helpExamples(a.Description)
		if len(examples) > 0 {
			add("")
			add("Examples:")
			lines = append(lines, examples...)
		}
		add("")
		add("Without a command, the flags are solve's: 'satdoku help solve' lists them.")
		add("'satdoku help COMMAND' explains a command in one screen; add --long")
		add("(satdoku help COMMAND --long) for all of it, with the exit codes.")
		writeLines(w, lines)
		return
	}
	lines = append(lines, wrap(a.Name+" "+cmd.Name+" - "+cmd.Usage, helpWidth, "   ")...)
	add("")
	add("Usage: %s %s [options] %s", a.Name, cmd.Name, cmd.ArgsUsage)
	options := flagLines(cmd.Flags)
	footer := []string{"", fmt.Sprintf("The full help, with the formats and exit codes: satdoku help %s --long", cmd.Name)}
	// As many examples as fit on the screen beside the flags.
	room := helpLines - len(lines) - len(options) - len(footer) - 4
	if examples := helpExamples(cmd.Description); len(examples) > 0 && room > 0 {
		add("")
		add("Examples:")
		lines = append(lines, examples[:min(room, len(examples))]...)
	}
	add("")
	add("Options:")
	lines = append(lines, options...)
	lines = append(lines, footer...)
	writeLines(w, lines)
}

func writeLines(w io.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
}

// examplePattern matches an example command line of a description. It
// is compiled on first use, as every pattern of the program, so that
// start-up stays light.
var examplePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s+(eval "\$\()?satdoku\b`) })

// helpExamples returns the example command lines of a description, those
// that fit the width, indented by three spaces: the lines under
// "Examples:", or else the indented lines that run satdoku.
func helpExamples(description string) []string {
	text := description
	if _, after, ok := strings.Cut(text, "Examples:\n"); ok {
		text, _, _ = strings.Cut(after, "\n\n")
	}
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if !examplePattern().MatchString(l) {
			continue
		}
		if l = "   " + strings.TrimSpace(l); utf8.RuneCountInString(l) <= helpWidth {
			out = append(out, l)
		}
	}
	return out
}

// flagLines returns one line per flag: its names, its placeholder and the
// start of its usage, clipped to the width.
func flagLines(flags []cli.Flag) []string {
	type row struct{ left, usage string }
	var rows []row
	width := 0
	for _, f := range flags {
		usage := ""
		if d, ok := f.(cli.DocGenerationFlag); ok {
			usage = d.GetUsage()
		}
		placeholder, text := unquoteUsage(usage)
		var names []string
		for _, n := range f.Names() {
			if len(n) == 1 {
				names = append(names, "-"+n)
			} else {
				names = append(names, "--"+n)
			}
		}
		// The short name first, as in "-o, --output FORMAT".
		if len(names) > 1 && len(names[len(names)-1]) == 2 {
			names = append(names[len(names)-1:], names[:len(names)-1]...)
		}
		left := strings.Join(names, ", ")
		if v, ok := f.(cli.DocGenerationFlag); ok && v.TakesValue() {
			if placeholder == "" {
				placeholder = "VALUE"
			}
			left += " " + placeholder
		}
		rows = append(rows, row{left, text})
		width = max(width, len(left))
	}
	rows = append(rows, row{"-h, --help", "this help; with --long, the full one"})
	width = min(max(width, len("-h, --help")), 28)
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = clipLine(fmt.Sprintf("   %-*s  %s", width, r.left, r.usage), helpWidth)
	}
	return out
}

// unquoteUsage returns the placeholder a flag's usage names between back
// quotes, and the usage without the quotes (as urfave/cli reads it).
func unquoteUsage(usage string) (placeholder, text string) {
	i := strings.IndexByte(usage, '`')
	if i < 0 {
		return "", usage
	}
	j := strings.IndexByte(usage[i+1:], '`')
	if j < 0 {
		return "", usage
	}
	name := usage[i+1 : i+1+j]
	return name, usage[:i] + name + usage[i+2+j:]
}

// clipLine cuts a line to width columns at a word boundary, ending it with
// "…" when something was cut.
func clipLine(line string, width int) string {
	if utf8.RuneCountInString(line) <= width {
		return line
	}
	runes := []rune(line)[:width-1]
	cut := string(runes)
	if i := strings.LastIndexByte(cut, ' '); i > width/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:(") + "…"
}

// wrap breaks text into lines of at most width columns at spaces, the
// lines after the first indented.
func wrap(text string, width int, indent string) []string {
	var out []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= width:
			line += " " + word
		default:
			out = append(out, line)
			line = indent + word
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
