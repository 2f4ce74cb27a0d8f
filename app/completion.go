package app

import (
	"io"

	"github.com/urfave/cli/v2"
)

// The completion scripts are urfave/cli's own (autocomplete/ in its
// repository, MIT licence): they ask satdoku itself for the words to offer,
// through the hidden --generate-bash-completion flag.
const bashCompletion = `# satdoku completion for bash: eval "$(satdoku completion bash)"
_satdoku_complete() {
  local cur words
  COMPREPLY=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  words=("${COMP_WORDS[@]:0:$COMP_CWORD}")
  if [[ "$cur" == "-"* ]]; then
    opts=$("${words[@]}" "$cur" --generate-bash-completion 2>/dev/null)
  else
    opts=$("${words[@]}" --generate-bash-completion 2>/dev/null)
  fi
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
  return 0
}
complete -o bashdefault -o default -o nospace -F _satdoku_complete satdoku
`

const zshCompletion = `#compdef satdoku
# satdoku completion for zsh: eval "$(satdoku completion zsh)"
_satdoku_complete() {
  local -a opts
  local cur
  cur=${words[-1]}
  if [[ "$cur" == "-"* ]]; then
    opts=("${(@f)$(${words[@]:0:#words[@]-1} ${cur} --generate-bash-completion)}")
  else
    opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion)}")
  fi
  if [[ "${opts[1]}" != "" ]]; then
    _describe 'values' opts
  else
    _files
  fi
}
compdef _satdoku_complete satdoku
`

func completionCommand(s *streams) *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash or zsh)",
		ArgsUsage: "bash|zsh",
		Description: `Prints a script that completes satdoku's commands and flags.

Examples:
   eval "$(satdoku completion bash)"    # in ~/.bashrc
   eval "$(satdoku completion zsh)"     # in ~/.zshrc

EXIT CODES:
   0  the script was printed
   2  no shell, or one other than bash and zsh`,
		Action: func(c *cli.Context) error {
			var script string
			switch c.Args().First() {
			case "bash":
				script = bashCompletion
			case "zsh":
				script = zshCompletion
			default:
				return usagef("completion: say which shell: bash or zsh")
			}
			_, err := io.WriteString(s.stdout, script)
			if err != nil {
				return exitf(ExitError, "writing: %v", err)
			}
			return nil
		},
	}
}
