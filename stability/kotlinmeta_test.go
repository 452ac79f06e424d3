package stability

import (
	"testing"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/internal/fixtures"
)

// TestKotlinMetadataOnce: with ReadFunctions, a class that names the Composer is decoded once
// whether the model or the call-site analysis asks first, and KotlinMetadata's answer has its
// functions; without it the model reads shapes only and KotlinMetadata decodes on demand.
func TestKotlinMetadataOnce(t *testing.T) {
	m, err := fixtures.Get("kinds")
	if err != nil {
		t.Fatal(err)
	}
	cp, err := archive.OpenClasspath(append([]string{m.Jar()}, m.Classpath()...))
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close()
	for _, c := range []struct {
		functions bool
		wantReads int64
	}{{true, 2}, {false, 3}} {
		u := NewUniverse(cp)
		if c.functions {
			u.ReadFunctions()
		}
		before := kotlinReads.Load()
		// kinds.KScreen (members that are composables) modelled first, then asked for; the file
		// facade asked for first, then modelled.
		u.ClassByJVMName("kinds/KScreen").Ensure()
		md := u.KotlinMetadata("kinds/KScreen")
		if md == nil || md.Class == nil || len(md.Class.Functions) != 2 || u.KotlinMetadata("kinds/KScreen") != md {
			t.Fatalf("functions %t: KScreen's metadata %+v", c.functions, md)
		}
		fmd := u.KotlinMetadata("kinds/KindsKt")
		u.ClassByJVMName("kinds/KindsKt").Ensure()
		if fmd == nil || fmd.Package == nil || len(fmd.Package.Functions) == 0 {
			t.Fatalf("functions %t: the facade's metadata %+v", c.functions, fmd)
		}
		if got := kotlinReads.Load() - before; got != c.wantReads {
			t.Errorf("functions %t: %d decodes of 2 classes, want %d", c.functions, got, c.wantReads)
		}
	}
}
