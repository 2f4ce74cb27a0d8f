package app

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"
)

// The command line is tidied before urfave/cli reads it: flags given
// before a command are moved after it (or refused, if the command has no
// such flag), "satdoku help [COMMAND]" becomes --help, and a first word
// that is neither a file nor a command but looks like a mistyped command
// is refused with a suggestion. urfave/cli would take the first as the
// root's flags and drop them, and the other two as file names.

// tidyArgs returns args ready for urfave/cli, or a usage error.
func tidyArgs(a *cli.App, args []string) ([]string, error) {
	if len(args) < 2 {
		return args, nil
	}
	first, ok := firstWord(a.Flags, args)
	if !ok {
		return args, nil
	}
	word := args[first]
	if a.Command(word) != nil {
		return moveFlags(a, args, first)
	}
	if isFile(word) || word == "-" {
		return args, nil
	}
	if word == "help" {
		rest := args[first+1:]
		if len(rest) == 0 || strings.HasPrefix(rest[0], "-") { // help --long
			return append([]string{args[0], "--help"}, rest...), nil
		}
		if a.Command(rest[0]) != nil {
			return append([]string{args[0], rest[0], "--help"}, rest[1:]...), nil
		}
		if s := suggest(a, rest[0]); s != "" {
			return nil, usagef("help: no command %q; did you mean %s? (see 'satdoku --help')", rest[0], s)
		}
		return nil, usagef("help: no command %q (see 'satdoku --help')", rest[0])
	}
	if s := suggest(a, word); s != "" {
		return nil, usagef("%s: no such file or command; did you mean %s? (see 'satdoku --help')", word, s)
	}
	return args, nil
}

// firstWord returns the index in args of the first argument that is not a
// flag of the given set or its value. It reports false when there is none,
// or when "--", a help or version flag or a flag not in the set comes
// first: urfave/cli handles those as they are.
func firstWord(flags []cli.Flag, args []string) (int, bool) {
	table := flagTable(flags)
	for i := 1; i < len(args); i++ {
		arg := args[i]
		if arg == "-" || !strings.HasPrefix(arg, "-") {
			return i, true
		}
		name, hasValue := splitFlag(arg, table)
		takes, known := table[name]
		switch name {
		case "help", "h", "version", "v":
			known = false
		}
		if !known {
			return 0, false
		}
		if takes && !hasValue {
			i++
		}
	}
	return 0, false
}

// moveFlags moves the flags before command args[at] after it, where the
// command reads them; a flag the command lacks is a usage error.
func moveFlags(a *cli.App, args []string, at int) ([]string, error) {
	if at == 1 {
		return args, nil
	}
	cmd := a.Command(args[at])
	mine, global := flagTable(cmd.Flags), flagTable(a.Flags)
	for i := 1; i < at; i++ {
		name, hasValue := splitFlag(args[i], global)
		if _, ok := mine[name]; !ok {
			return nil, usagef("%s has no flag %s (it is a flag of solve): flags before a command are the command's (see 'satdoku %s --help')", cmd.Name, strings.SplitN(args[i], "=", 2)[0], cmd.Name)
		}
		if global[name] && !hasValue {
			i++
		}
	}
	out := []string{args[0], args[at]}
	out = append(out, args[1:at]...)
	return append(out, args[at+1:]...), nil
}

// splitFlag returns the name of a flag argument and whether its value is
// in it: "--output=json" is output with its value, and so is "-j2" when
// -j takes a value in table and -j2 is no flag.
func splitFlag(arg string, table map[string]bool) (name string, hasValue bool) {
	name = strings.TrimLeft(arg, "-")
	if i := strings.IndexByte(name, '='); i >= 0 {
		return name[:i], true
	}
	if _, known := table[name]; !known && len(name) > 1 && !strings.HasPrefix(arg, "--") && table[name[:1]] {
		return name[:1], true
	}
	return name, false
}

// flagTable maps every name of the flags to whether the flag takes a value.
func flagTable(flags []cli.Flag) map[string]bool {
	t := map[string]bool{}
	for _, f := range flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, name := range f.Names() {
			t[name] = !isBool
		}
	}
	return t
}

// isFile reports whether name exists in the file system: a file of that
// name is read as one, whatever command it resembles.
func isFile(name string) bool {
	_, err := os.Stat(name)
	return err == nil || !errors.Is(err, os.ErrNotExist)
}

// suggest returns the command that word, which names none, most likely
// meant: one within a typo or two of it ("slove", "encdoe"), or the one
// it begins ("enc"); "" if none is close or word does not look like a
// command at all (it has a dot, a slash or a digit, as file names do).
func suggest(a *cli.App, word string) string {
	w := strings.ToLower(word)
	if len(w) < 2 || strings.ContainsFunc(w, func(r rune) bool { return (r < 'a' || r > 'z') && r != '-' }) {
		return ""
	}
	best, bestDist := "", 3
	var prefixed []string
	for _, c := range a.VisibleCommands() {
		if strings.HasPrefix(c.Name, w) {
			prefixed = append(prefixed, c.Name)
		}
		limit := 2
		if len(w) <= 4 {
			limit = 1
		}
		if d := editDistance(w, c.Name); d <= limit && d < bestDist {
			best, bestDist = c.Name, d
		}
	}
	if best == "" && len(prefixed) == 1 {
		best = prefixed[0]
	}
	return best
}

// editDistance is the optimal string alignment distance between a and b:
// insertions, deletions, substitutions and swaps of neighbours count one.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// Patterns of the flag package's errors, which urfave/cli passes on.
var (
	undefinedFlag = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^flag provided but not defined: -{1,2}(.+)$`)
	})
	invalidValue = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^invalid value "(.*)" for flag -{1,2}([^:]+): `)
	})
)

// usageMessage rewrites a flag error of urfave/cli for a person: a
// mistyped flag gets the nearest flag of flags, and a duration written
// without its unit ("--timeout 5") is told to write one.
func usageMessage(err error, flags []cli.Flag) string {
	msg := err.Error()
	if m := undefinedFlag().FindStringSubmatch(msg); m != nil {
		if m[1] == "long" {
			return "--long goes with --help: satdoku help COMMAND --long"
		}
		out := "unknown flag " + dashed(m[1])
		if s := suggestFlag(flags, m[1]); s != "" {
			out += "; did you mean " + s + "?"
		}
		return out
	}
	if m := invalidValue().FindStringSubmatch(msg); m != nil {
		value, name := m[1], m[2]
		for _, f := range flags {
			if _, ok := f.(*cli.DurationFlag); !ok || !slices.Contains(f.Names(), name) {
				continue
			}
			if _, err := strconv.ParseFloat(value, 64); err == nil {
				return fmt.Sprintf("%s %s: a duration needs its unit: write %ss (seconds; or ms, m, h)", dashed(name), value, value)
			}
			return fmt.Sprintf("%s %q is not a duration: write one such as 5s, 500ms, 2m or 1h30m", dashed(name), value)
		}
	}
	return msg
}

// dashed writes a flag name as it is typed: -j, --workers.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// suggestFlag returns the flag of flags that name, which names none, most
// likely meant ("--uniqe": --unique; "--cand": --candidates), written with
// its dashes; "" if none is close.
func suggestFlag(flags []cli.Flag, name string) string {
	name = strings.ToLower(name)
	if len(name) < 2 {
		return ""
	}
	limit := 2
	if len(name) <= 4 {
		limit = 1
	}
	best, bestDist := "", limit+1
	var prefixed []string
	for _, f := range append(slices.Clone(flags), cli.HelpFlag) {
		for _, n := range f.Names() {
			if len(n) < 2 {
				continue
			}
			if strings.HasPrefix(n, name) {
				prefixed = append(prefixed, n)
			}
			if d := editDistance(name, n); d < bestDist {
				best, bestDist = n, d
			}
		}
	}
	if best == "" && len(prefixed) == 1 {
		best = prefixed[0]
	}
	if best == "" {
		return ""
	}
	return dashed(best)
}
