package metadata

import (
	"errors"
	"testing"
)

func TestStringTable(t *testing.T) {
	d2 := []string{"java/util/Map$Entry", "Ljava/util/Map$Entry;", "x", "héllo wörld", "a", "b", "c", "unused"}
	records := pb(nil).
		msg(1, pb(nil).i32(3, 1)).                           // 0: INTERNAL_TO_CLASS_ID
		msg(1, pb(nil).i32(3, 2)).                           // 1: DESC_TO_CLASS_ID
		msg(1, pb(nil).i32(2, 14)).                          // 2: predefined kotlin/String
		msg(1, pb(nil).packed(4, 1, 4).packed(5, 'l', 'L')). // 3: substring in UTF-16 units, then replace
		msg(1, pb(nil).i32(1, 3)).                           // 4..6: a range of plain records
		msg(1, pb(nil).str(6, "own string").i32(2, 3)).      // 7: string wins over predefined and d2
		msg(1, pb(nil).i32(2, 999)).                         // 8: predefined out of range: d2
		msg(1, pb(nil).i32(1, 0)).                           // empty range: covers nothing
		msg(1, pb(nil).packed(4, 5, 2)).                     // 9: invalid substring bounds are ignored
		packed(5, 4, 9)                                      // local class names
	d := &decoder{}
	st := d.readStringTable(msg{b: records}, append(d2, "", "kotlin/Foo"))
	if d.err != nil {
		t.Fatal(d.err)
	}
	tests := []struct {
		index     int32
		want      string
		className string
		err       error
	}{
		{0, "java/util/Map.Entry", "java/util/Map.Entry", nil},
		{1, "java/util/Map.Entry", "java/util/Map.Entry", nil},
		{2, "kotlin/String", "kotlin/String", nil},
		{3, "éLL", "éLL", nil},
		{4, "a", ".a", nil},
		{5, "b", "b", nil},
		{6, "c", "c", nil},
		{7, "own string", "own string", nil},
		{8, "", "", nil},
		{9, "kotlin/Foo", ".kotlin/Foo", nil},
		{10, "", "", ErrIndex},
		{-1, "", "", ErrIndex},
	}
	for _, tt := range tests {
		got, err := st.get(tt.index)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("get(%d) = %q, %v; want %q, %v", tt.index, got, err, tt.want, tt.err)
		}
		if tt.err == nil {
			d.strs = st
			if got := d.className(tt.index); got != tt.className {
				t.Errorf("className(%d) = %q, want %q", tt.index, got, tt.className)
			}
		}
	}
	// Cached lookups return the same values.
	if got, _ := st.get(3); got != "éLL" {
		t.Errorf("cached get(3) = %q", got)
	}
}

func TestStringTableHugeRange(t *testing.T) {
	// A range of 2^31-1 costs nothing: records stay collapsed.
	d := &decoder{}
	st := d.readStringTable(msg{b: pb(nil).msg(1, pb(nil).i32(1, 1<<31-1)).msg(1, pb(nil).str(6, "last"))}, []string{"first"})
	if got, err := st.get(0); got != "first" || err != nil {
		t.Errorf("get(0) = %q, %v", got, err)
	}
	if got, err := st.get(1<<31 - 1); got != "last" || err != nil {
		t.Errorf("get(max) = %q, %v", got, err)
	}
	if _, err := st.get(5); !errors.Is(err, ErrIndex) {
		t.Errorf("get(5) past d2: %v, want ErrIndex", err)
	}
	if len(st.cache) > 4 {
		t.Errorf("cache sized by the range: %d", len(st.cache))
	}
}

func TestUTF16Helpers(t *testing.T) {
	tests := []struct {
		s          string
		begin, end int32
		sub        string
		from, to   uint16
		replaced   string
	}{
		{"abc", 1, 3, "bc", 'b', 'x', "axc"},
		{"a😀b", 1, 3, "😀", 'b', 'é', "a😀é"},
		{"a😀b", 3, 4, "b", 0xD83D, 'x', "ax\uFFFDb"},
		{"abc", 2, 1, "abc", 'z', 'y', "abc"},
		{"abc", 0, 4, "abc", 'a', 'a', "abc"},
	}
	for _, tt := range tests {
		if got := substring16(tt.s, tt.begin, tt.end); got != tt.sub {
			t.Errorf("substring16(%q, %d, %d) = %q, want %q", tt.s, tt.begin, tt.end, got, tt.sub)
		}
		if got := replaceChar16(tt.s, tt.from, tt.to); got != tt.replaced {
			t.Errorf("replaceChar16(%q, %x, %x) = %q, want %q", tt.s, tt.from, tt.to, got, tt.replaced)
		}
	}
	if n := len16("a😀"); n != 3 {
		t.Errorf("len16 = %d, want 3", n)
	}
}

func TestQualifiedNameTable(t *testing.T) {
	strs := pb(nil).str(1, "kotlin").str(1, "collections").str(1, "Map").str(1, "Entry").str(1, "Local").str(1, "foo")
	names := pb(nil).
		msg(1, pb(nil).i32(2, 0)).                     // 0: package kotlin
		msg(1, pb(nil).i32(1, 0).i32(2, 1)).           // 1: package kotlin/collections
		msg(1, pb(nil).i32(1, 1).i32(2, 2).i32(3, 0)). // 2: class Map
		msg(1, pb(nil).i32(1, 2).i32(2, 3).i32(3, 0)). // 3: class Map.Entry
		msg(1, pb(nil).i32(1, 3).i32(2, 4).i32(3, 2)). // 4: local class inside Entry
		msg(1, pb(nil).i32(2, 2).i32(3, 0)).           // 5: class at the root
		msg(1, pb(nil).i32(1, 6).i32(2, 5)).           // 6: its own parent
		msg(1, pb(nil).i32(1, 0).i32(2, 99))           // 7: bad short name
	d := &decoder{}
	qt := d.readQualifiedNameTable(msg{b: names}, d.readStringList(msg{b: strs}))
	if d.err != nil {
		t.Fatal(d.err)
	}
	tests := []struct {
		index int32
		want  string
		err   error
	}{
		{0, "kotlin/", nil},
		{2, "kotlin/collections/Map", nil},
		{3, "kotlin/collections/Map.Entry", nil},
		{4, ".kotlin/collections/Map.Entry.Local", nil},
		{5, "Map", nil},
		{6, "", ErrInconsistent},
		{7, "", ErrIndex},
		{8, "", ErrIndex},
	}
	for _, tt := range tests {
		got, err := qt.className(tt.index)
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("className(%d) = %q, %v; want %q, %v", tt.index, got, err, tt.want, tt.err)
		}
	}
	d = &decoder{}
	d.readQualifiedNameTable(msg{b: pb(nil).msg(1, pb(nil).i32(1, 0))}, nil)
	if !errors.Is(d.err, ErrMissingField) {
		t.Errorf("missing short_name: %v", d.err)
	}
}
