package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/composestab/composestab/archive"
	"github.com/composestab/composestab/classfile"
)

// limitFlags registers the flags that bound what one input may cost.
func limitFlags(fs *pflag.FlagSet, l *archive.Limits) {
	fs.Var((*byteSize)(&l.MaxEntrySize), "max-entry-size", fmt.Sprintf("largest inflated class file or nested archive, e.g. 64MiB (default %s)", byteSize(archive.DefaultMaxEntrySize)))
	fs.Var((*byteSize)(&l.MaxInputSize), "max-input-size", fmt.Sprintf("most bytes inflated from one input (default %s)", byteSize(archive.DefaultMaxInputSize)))
	fs.IntVar(&l.MaxEntries, "max-entries", archive.DefaultMaxEntries, "most entries one archive may list")
	fs.IntVar(&l.MaxDepth, "max-depth", archive.DefaultMaxDepth, "deepest archive nesting read (1: an AAR's classes.jar; -1: none)")
	fs.IntVar(&l.MaxNesting, "max-nesting", classfile.DefaultMaxNesting, "deepest nesting of annotation values and signature types")
}

// byteSize is a size flag: a number of bytes, optionally with a unit (k, KiB, M, MiB, G, GiB).
type byteSize int64

var sizeUnits = []struct {
	suffix string
	scale  int64
}{
	{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30},
	{"kb", 1000}, {"mb", 1000_000}, {"gb", 1000_000_000},
	{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"b", 1},
}

func (b *byteSize) Set(s string) error {
	t := strings.ToLower(strings.TrimSpace(s))
	scale := int64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(t, u.suffix) {
			t, scale = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.scale
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > (1<<62)/scale {
		return fmt.Errorf("%q is not a size (a positive number of bytes, optionally with KiB, MiB or GiB)", s)
	}
	*b = byteSize(n * scale)
	return nil
}

func (b *byteSize) Type() string { return "size" }

func (b byteSize) String() string {
	switch {
	case b == 0:
		return "0"
	case b%(1<<30) == 0:
		return fmt.Sprintf("%dGiB", b>>30)
	case b%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", b>>20)
	case b%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", b>>10)
	}
	return strconv.FormatInt(int64(b), 10)
}
