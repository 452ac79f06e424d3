package stability

import (
	"reflect"
	"testing"

	"github.com/composestab/composestab/archive"
)

func TestNestGroups(t *testing.T) {
	names := []string{
		"p/Outer", "p/Outer$Inner", "p/Other", "p/Outer$Inner$Deep", "p/Outer$1",
		"q/Outer", "p$x/Outer$Inner", "p/$Dollar", "p/$Dollar$Nested", "p/OuterKt",
	}
	var entries []*archive.Entry
	for _, n := range names {
		entries = append(entries, &archive.Entry{ClassName: n})
	}
	want := [][]int{{0, 1, 3, 4}, {2}, {5}, {6}, {7, 8}, {9}}
	if got := nestGroups(entries); !reflect.DeepEqual(got, want) {
		t.Errorf("nestGroups = %v, want %v", got, want)
	}
}
