package classfile

import (
	"reflect"
	"testing"
)

func TestParseMethodDescriptor(t *testing.T) {
	tests := []struct {
		desc   string
		params []string
		ret    string
		ok     bool
	}{
		{"()V", nil, "V", true},
		{"(Lapp/Box;Landroidx/compose/runtime/Composer;I)V", []string{"Lapp/Box;", "Landroidx/compose/runtime/Composer;", "I"}, "V", true},
		{"(IJ[[Ljava/lang/String;D)Ljava/lang/Object;", []string{"I", "J", "[[Ljava/lang/String;", "D"}, "Ljava/lang/Object;", true},
		{"(I", nil, "", false},
		{"I)V", nil, "", false},
		{"(L;)V", nil, "", false},
		{"(Q)V", nil, "", false},
		{"(I)", nil, "", false},
		{"(I)VV", nil, "", false},
	}
	for _, tt := range tests {
		params, ret, ok := ParseMethodDescriptor(tt.desc)
		if ok != tt.ok || (ok && (!reflect.DeepEqual(params, tt.params) || ret != tt.ret)) {
			t.Errorf("ParseMethodDescriptor(%q) = %q, %q, %v; want %q, %q, %v", tt.desc, params, ret, ok, tt.params, tt.ret, tt.ok)
		}
	}
}

func TestDescriptorClass(t *testing.T) {
	tests := []struct {
		desc, want string
		ok         bool
	}{
		{"Ljava/lang/String;", "java/lang/String", true},
		{"Lkotlin/collections/Map$Entry;", "kotlin/collections/Map$Entry", true},
		{"I", "", false},
		{"[Ljava/lang/String;", "", false},
		{"L;", "", false},
		{"Ljava/lang/String;I", "", false},
		{"La;b;", "", false},
	}
	for _, tt := range tests {
		got, ok := DescriptorClass(tt.desc)
		if got != tt.want || ok != tt.ok {
			t.Errorf("DescriptorClass(%q) = %q, %v; want %q, %v", tt.desc, got, ok, tt.want, tt.ok)
		}
	}
}
