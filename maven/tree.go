package maven

import (
	"github.com/composestab/composestab/internal/escape"
	"io"
	"strings"
)

// WriteTree writes the dependency tree as `gradle dependencies` does: one root a block,
// children indented under "+---" and "\---", "a:b:1.0 -> 1.2" where conflict resolution chose
// another version, "(*)" where a module's dependencies were listed above, and "(n)" for what no
// repository holds. A legend follows when a marker was used.
func (res *Resolution) WriteTree(w io.Writer) error {
	var b strings.Builder
	var repeated, missing bool
	var walk func(n *Node, prefix string, last bool)
	walk = func(n *Node, prefix string, last bool) {
		branch, more := "+--- ", "|    "
		if last {
			branch, more = `\--- `, "     "
		}
		b.WriteString(prefix + branch + escape.Text(n.label()) + "\n")
		repeated, missing = repeated || n.Repeated, missing || n.Missing
		for i, c := range n.Children {
			walk(c, prefix+more, i == len(n.Children)-1)
		}
	}
	for i, root := range res.Tree {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(escape.Text(root.label()) + "\n")
		missing = missing || root.Missing
		for j, c := range root.Children {
			walk(c, "", j == len(root.Children)-1)
		}
	}
	if repeated || missing {
		b.WriteString("\n")
	}
	if repeated {
		b.WriteString("(*) - dependencies omitted (listed previously)\n")
	}
	if missing {
		b.WriteString("(n) - not in any repository\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
