package app

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/satdoku/satdoku/generate"
	"github.com/urfave/cli/v2"
)

// completeFlag, as the last argument, asks satdoku for the words that may
// complete a command line instead of running it. The words before it are
// the command line up to the cursor, the last of them being the word under
// the cursor (maybe ""). The scripts below always pass that word, so that
// "satdoku solve -o" (completing the flag) and "satdoku solve -o " (its
// value) are told apart. No word printed means "offer file names": the
// scripts then fall back to the shell's own completion of files.
const completeFlag = "--generate-bash-completion"

const bashCompletion = `# satdoku completion for bash: eval "$(satdoku completion bash)"
_satdoku_complete() {
  local cur="${COMP_WORDS[COMP_CWORD]}"
  local opts
  opts=$("${COMP_WORDS[@]:0:$COMP_CWORD}" "$cur" --generate-bash-completion 2>/dev/null)
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
}
# With no word from satdoku, -o default offers file names.
complete -o bashdefault -o default -F _satdoku_complete satdoku
`

const zshCompletion = `#compdef satdoku
# satdoku completion for zsh: eval "$(satdoku completion zsh)"
_satdoku_complete() {
  local -a opts
  opts=("${(@f)$(${words[1,CURRENT-1]} "${words[CURRENT]}" --generate-bash-completion 2>/dev/null)}")
  if [[ "${opts[1]}" != "" ]]; then
    compadd -a opts
  else
    _files
  fi
}
compdef _satdoku_complete satdoku
`

const fishCompletion = `# satdoku completion for fish: satdoku completion fish | source
function __satdoku_words
    set -l words (commandline -opc)
    $words (commandline -ct) --generate-bash-completion 2>/dev/null
end
# satdoku's words where it has some, file names where it has none.
complete -c satdoku -f -n 'test -n "$(__satdoku_words)"' -a '(__satdoku_words)'
complete -c satdoku -F -n 'test -z "$(__satdoku_words)"'
`

// complete returns the words that may stand for the last word of args
// (the command line up to the cursor, without the program's name).
func complete(a *cli.App, args []string) []string {
	if len(args) == 0 {
		args = []string{""}
	}
	cur, before := args[len(args)-1], args[:len(args)-1]
	cmd, flags := (*cli.Command)(nil), a.Flags
	if i, ok := firstWord(a.Flags, append([]string{"satdoku"}, before...)); ok {
		cmd = a.Command(before[i-1])
		if cmd != nil {
			flags = cmd.Flags
		}
	}
	var words []string
	if len(before) > 0 {
		if name, hasValue := splitFlag(before[len(before)-1], flagTable(flags)); !hasValue && strings.HasPrefix(before[len(before)-1], "-") {
			if flagTable(flags)[name] {
				return withPrefix(flagChoices(cmd, name), cur) // a flag's value
			}
		}
	}
	switch {
	case strings.HasPrefix(cur, "-"):
		for _, f := range append(flags, cli.HelpFlag) {
			for _, name := range f.Names() {
				if len(name) > 1 {
					words = append(words, "--"+name)
				}
			}
		}
	case cmd == nil && onlyFlags(a, before):
		for _, c := range a.VisibleCommands() {
			words = append(words, c.Name)
		}
		// "satdoku FILE" solves: no command named, file names too.
		if !slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, cur) }) {
			return nil
		}
	case cmd != nil && cmd.Name == "completion":
		words = []string{"bash", "zsh", "fish"}
	}
	return withPrefix(words, cur)
}

// onlyFlags reports whether args are all flags of the app (and values).
func onlyFlags(a *cli.App, args []string) bool {
	_, ok := firstWord(a.Flags, append([]string{"satdoku"}, args...))
	return !ok
}

// flagChoices returns the values a flag of a command takes, when they are
// few and known; none means a file name or a free value.
func flagChoices(cmd *cli.Command, flag string) []string {
	name := "solve"
	if cmd != nil {
		name = cmd.Name
	}
	switch flag {
	case "engine", "e":
		if name == "solve" {
			return []string{"portfolio", "sat", "backtrack", "both", "external"}
		}
		return []string{"sat", "backtrack", "both"}
	case "output", "o":
		switch name {
		case "solve", "generate":
			return outputNames(true)
		case "decode":
			return outputNames(false)
		}
	case "encoding":
		return []string{"minimal", "efficient", "extended", "reduced"}
	case "amo":
		return []string{"auto", "pairwise", "sequential", "commander", "product"}
	case "alphabet":
		return []string{"default", "hex", "letters"}
	case "color":
		return []string{"auto", "always", "never"}
	case "show":
		return []string{"both", "puzzle", "solution"}
	case "format":
		return []string{"svg", "png"}
	case "symmetry":
		return strings.Split(generate.SymmetryNames, ", ")
	}
	return nil
}

// withPrefix returns the words that begin with prefix.
func withPrefix(words []string, prefix string) []string {
	var out []string
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			out = append(out, w)
		}
	}
	return out
}

// printCompletion prints the words that complete args, one a line.
func printCompletion(w io.Writer, a *cli.App, args []string) {
	for _, word := range complete(a, args) {
		fmt.Fprintln(w, word)
	}
}

func completionCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: "bash|zsh|fish",
		Description: `Prints a script that completes satdoku's commands, flags and their values,
and file names where a file is expected.

Examples:
   eval "$(satdoku completion bash)"    # in ~/.bashrc
   eval "$(satdoku completion zsh)"     # in ~/.zshrc
   satdoku completion fish | source     # in ~/.config/fish/config.fish

EXIT CODES:
   0  the script was printed
   2  usage error: no shell, or one other than bash, zsh and fish`,
		Action: func(c *cli.Context) error {
			var script string
			switch c.Args().First() {
			case "bash":
				script = bashCompletion
			case "zsh":
				script = zshCompletion
			case "fish":
				script = fishCompletion
			default:
				return usagef("completion: say which shell: bash, zsh or fish")
			}
			_, err := io.WriteString(s.stdout, script)
			if err != nil {
				return exitf(ExitError, "writing: %v", err)
			}
			return nil
		},
	}
}
