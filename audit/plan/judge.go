package plan

import (
	"context"
	"os"
	"strings"

	"github.com/composestab/composestab/audit/scan"
	"github.com/composestab/composestab/audit/verify"
)

// judgeLines labels configuration lines as the configuration check does (verify.CheckConfig):
// the scan of opts run again with the lines as one more configuration file. A line absent from
// the result could not be judged.
func judgeLines(ctx context.Context, rep *scan.Report, opts scan.Options, lines []string) (map[string]string, error) {
	if len(lines) == 0 {
		return map[string]string{}, nil
	}
	// On the report's own models when it keeps them: no second scan.
	const path = "<plan>"
	if judged, err := rep.WithConfig(opts.Configs, path, []byte(strings.Join(lines, "\n")+"\n")); err != nil {
		return nil, err
	} else if judged != nil {
		return risks(judged, path), nil
	}
	f, err := os.CreateTemp("", "composestab-plan-*.conf")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	_, werr := f.WriteString(strings.Join(lines, "\n") + "\n")
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return nil, werr
	}
	opts.Configs = append(append([]string{}, opts.Configs...), f.Name())
	opts.CheckConfig = true
	opts.Composables, opts.CallSites, opts.SuggestConfig = false, false, false
	again, err := scan.Scan(ctx, opts)
	if err != nil {
		return nil, err
	}
	defer again.Close()
	return risks(again, f.Name()), nil
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
