package classfile

import (
	"reflect"
	"testing"
)

// TestFieldWrites: stores into the class's own fields after construction are listed by method,
// a constructor's stores remember the call whose result they keep (through dup and checkcast),
// and fields that are neither private nor final are open.
func TestFieldWrites(t *testing.T) {
	b := newBuilder()
	x := b.ref(TagFieldref, "p/C", "x", "I")
	list := b.ref(TagFieldref, "p/C", "list", "Ljava/util/List;")
	other := b.ref(TagFieldref, "p/D", "y", "I")
	factory := b.ref(TagMethodref, "androidx/compose/runtime/SnapshotStateKt", "mutableStateListOf", "()Ljava/util/List;")
	listClass := b.class("java/util/List")
	ctor := cat([]byte{byte(OpAload0), byte(OpInvokestatic)}, be16(factory), []byte{byte(OpDup), byte(OpCheckcast)}, be16(listClass),
		[]byte{byte(OpPutfield)}, be16(list), []byte{byte(OpPop), byte(OpReturn)})
	setX := cat([]byte{byte(OpAload0), byte(OpIconst1), byte(OpPutfield)}, be16(x),
		[]byte{byte(OpAload0), byte(OpIconst2), byte(OpPutfield)}, be16(x), []byte{byte(OpIconst1), byte(OpPutstatic)}, be16(other), []byte{byte(OpReturn)})
	data := b.build(0x0031, "p/C", "java/lang/Object",
		[][]byte{b.member(0x0002, "x", "I"), b.member(0x0000, "list", "Ljava/util/List;")},
		[][]byte{b.member(0x0001, "<init>", "()V", b.code(3, 1, ctor)), b.member(0x0001, "setX", "()V", b.code(2, 1, setX)),
			b.member(0x0001, "reset", "()V", b.code(2, 1, setX))}, nil)
	c, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.FieldWrites()
	if err != nil {
		t.Fatal(err)
	}
	want := &FieldWrites{
		After:     map[string][]string{"x": {"setX", "reset"}},
		Open:      map[string]bool{"list": true},
		InitCalls: map[string][]string{"list": {"androidx/compose/runtime/SnapshotStateKt"}},
	}
	if !reflect.DeepEqual(w, want) {
		t.Errorf("got %+v\nwant %+v", w, want)
	}
}
