package stability

import (
	"testing"

	"github.com/composestab/composestab/archive"
)

// TestJDKFacts: JDK classes are known without a JDK on the classpath, as the compiler decides
// them (issue 41; the sweepjdk fixture holds the compiler's own answers for every public type of
// the swept packages): an enum is Stable before the Java-class rule, an interface is never a
// superclass, and a nested class is named as Kotlin names it.
func TestJDKFacts(t *testing.T) {
	u := NewUniverse(archive.NewClasspath())
	e := NewEngine(nil, Options{})
	tests := []struct {
		jvm, name string
		kind      ClassKind
		stability string
	}{
		{"java/time/DayOfWeek", "java/time/DayOfWeek", KindEnumClass, "Stable"},
		{"java/util/concurrent/TimeUnit", "java/util/concurrent/TimeUnit", KindEnumClass, "Stable"},
		{"java/math/RoundingMode", "java/math/RoundingMode", KindEnumClass, "Stable"},
		{"java/lang/Thread$State", "java/lang/Thread.State", KindEnumClass, "Stable"},
		{"java/io/Serializable", "java/io/Serializable", KindInterface, "Unstable"},
		{"java/lang/Runnable", "java/lang/Runnable", KindInterface, "Unstable"},
		{"java/io/ObjectInputFilter$Config", "java/io/ObjectInputFilter.Config", KindClass, "Unstable"},
		{"java/math/BigDecimal", "java/math/BigDecimal", KindClass, "Stable"}, // KnownStableConstructs
		// Not in java.base: an open class whose '$' is taken for nesting, its kind a guess.
		{"java/sql/Timestamp", "java/sql/Timestamp", KindClass, "Unstable"},
	}
	for _, tt := range tests {
		c := u.ClassByJVMName(tt.jvm)
		d := c.Ensure()
		if c.Name != tt.name || d.Kind != tt.kind || d.Origin != OriginJava {
			t.Errorf("%s: %s, %s, %s; want %s, %s, java", tt.jvm, c.Name, d.Kind, d.Origin, tt.name, tt.kind)
		}
		if s, _ := e.ClassStability(c, ""); s.String() != tt.stability {
			t.Errorf("%s: %s, want %s", tt.jvm, s, tt.stability)
		}
	}
	if got := u.ClassByJVMName("java/lang/Thread$State").SimpleName(); got != "State" {
		t.Errorf("Thread$State's simple name %q, want State", got)
	}

	// A Kotlin class implementing a JDK interface (listed or not) has no superclass; one
	// extending a JDK class has it.
	for _, tt := range []struct {
		super    string
		jvmSuper string // the class file's superclass
		want     bool
	}{
		{"java/io/Serializable", "java/lang/Object", false},
		{"java/io/Closeable", "java/lang/Object", false},
		{"java/sql/Wrapper", "java/lang/Object", false}, // not in java.base: the class file tells
		{"java/util/Date", "java/util/Date", true},
		{"java/sql/Timestamp", "java/sql/Timestamp", true},
	} {
		c := NewClass("k/Impl", ClassDetails{Origin: OriginKotlin, SuperName: tt.jvmSuper,
			Supertypes: []*Type{{Class: u.ClassByJVMName(tt.super)}}})
		if got := superclass(c) != nil; got != tt.want {
			t.Errorf("class : %s: superclass found %v, want %v", tt.super, got, tt.want)
		}
	}
}
