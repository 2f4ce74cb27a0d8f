package decode_test

import (
	"strconv"
	"strings"

	"github.com/satdoku/satdoku/decode"
	"github.com/satdoku/satdoku/encode"
)

// appendModel appends the literals of every variable of m, width literals
// per line (all on one line if width < 1), each line starting with prefix;
// the final 0 is on the last line when final is set.
func appendModel(sb *strings.Builder, m []bool, prefix string, width int, final bool) {
	k := 0
	for v := 1; v < len(m); v++ {
		if k == 0 {
			sb.WriteString(prefix)
		} else {
			sb.WriteByte(' ')
		}
		if !m[v] {
			sb.WriteByte('-')
		}
		sb.WriteString(strconv.Itoa(v))
		k++
		if width > 0 && k == width && v+1 < len(m) {
			sb.WriteByte('\n')
			k = 0
		}
	}
	if final {
		if k == 0 {
			sb.WriteString(prefix + "0\n")
		} else {
			sb.WriteString(" 0\n")
		}
	} else if k > 0 {
		sb.WriteByte('\n')
	}
}

// formatCompetition writes out as a SAT-competition solver would: an "s"
// line and "v" lines of width literals.
func formatCompetition(out decode.Output, width int, final bool) string {
	var sb strings.Builder
	sb.WriteString("c written by satdoku's tests\ns " + out.Status.String() + "\n")
	if out.Status == encode.Sat {
		appendModel(&sb, out.Model, "v ", width, final || len(out.Model) <= 1)
	}
	return sb.String()
}

// formatMiniSat writes out as MiniSat's result file.
func formatMiniSat(out decode.Output) string {
	var sb strings.Builder
	switch out.Status {
	case encode.Sat:
		sb.WriteString("SAT\n")
		appendModel(&sb, out.Model, "", 0, true)
	case encode.Unsat:
		sb.WriteString("UNSAT\n")
	default:
		sb.WriteString("INDET\n")
	}
	return sb.String()
}
