package plan

import (
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
)

// judgeLines labels configuration lines as the configuration check does (verify.CheckConfig),
// on the report's own class models as if it had been scanned with the lines as one more
// configuration file. A line absent from the result could not be judged.
func judgeLines(rep *scan.Report, lines []string) (map[string]string, error) {
	if len(lines) == 0 {
		return map[string]string{}, nil
	}
	const path = "<plan>"
	judged, err := rep.WithConfig(path, []byte(strings.Join(lines, "\n")+"\n"))
	if err != nil {
		return nil, err
	}
	return risks(judged, path), nil
}

// risks are the verdicts of the lines of one configuration file (path) of a checked report.
func risks(rep *scan.Report, path string) map[string]string {
	out := map[string]string{}
	for _, lc := range verify.CheckConfig(rep) {
		if lc.Line.Path != path {
			continue
		}
		out[lc.Line.Pattern] = risk(lc)
	}
	return out
}

// risk is "" for a line the bytes prove (or one that is not needed), else what makes it a risk:
// a class whose bytes show state that changes ("false"), or one nothing proves ("unproven").
func risk(lc *verify.LineCheck) string {
	k := lc.Verdict()
	if k != verify.KindFalse && k != verify.KindUnproven {
		return ""
	}
	var why []string
	for _, n := range lc.Classes[k] {
		why = append(why, n.Why)
	}
	return string(k) + ": " + strings.Join(why, "; ") + " — declared stable, a change the UI should show can be skipped"
}
