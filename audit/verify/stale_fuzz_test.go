package verify

import (
	"strings"
	"testing"

	"github.com/composestab/composestab/stability"
)

// FuzzProvenAt: the "proven at" comments of any configuration text, and any pom.properties,
// are read without a panic, and a comment read back names what it was written with.
func FuzzProvenAt(f *testing.F) {
	f.Add("// proven at com.example:clib@1.0: clib.A is Unstable without it\nclib.A\n")
	f.Add("// proven at /libs/x.jar: why\r\n// composestab config-stale: …\r\nx.Y\r\n")
	f.Add("// proven at @: \n//proven at a:b@: c\nz\n")
	f.Add("groupId=com.example\nartifactId=clib\nversion=1.0\n#x\n!y\n=\n")
	f.Fuzz(func(t *testing.T, text string) {
		got := provenComments([]stability.ConfigText{{Path: "c.conf", Data: []byte(text)}})
		for key, p := range got {
			if !strings.HasPrefix(key, "c.conf:") || p.Text == "" || (p.File == "") == (p.Version == "") {
				t.Errorf("%s: %+v", key, p)
			}
		}
		_ = readProperties(strings.NewReader(text))
	})
}
