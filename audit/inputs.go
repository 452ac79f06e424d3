package audit

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/composestab/composestab/classfile"
)

// inputSkips counts the class entries of the reported inputs that never reach the universe: those
// outside the classpath roots or replaced by another release of a multi-release jar, and those
// that failed to read (each already an error from opening), so that Summary.Entries is every
// entry whose name ends in ".class".
func inputSkips(cp *classfile.Classpath, inputs []string) map[string]int {
	reported := map[string]bool{}
	for _, in := range inputs {
		reported[in] = true
	}
	skipped := map[string]int{}
	for _, in := range cp.Inputs() {
		if !reported[in.Path] {
			continue
		}
		for k, n := range in.Stats.Skipped {
			if n > 0 {
				skipped[k] += n
			}
		}
		if in.Stats.Failed > 0 {
			skipped[SkipUnreadable] += in.Stats.Failed
		}
	}
	return skipped
}

// FindInputs expands folders: a folder that holds class files is one input; any other folder is
// searched for jars, AARs and build/**/classes folders.
func FindInputs(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() || hasClassFiles(p) {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			name := d.Name()
			if d.IsDir() {
				if path != p && (strings.HasPrefix(name, ".") || name == "node_modules") {
					return filepath.SkipDir
				}
				if name == "classes" && strings.Contains(filepath.ToSlash(path), "/build/") && hasClassFiles(path) {
					out = append(out, path)
					return filepath.SkipDir
				}
				return nil
			}
			switch strings.ToLower(filepath.Ext(name)) {
			case ".jar", ".aar":
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func hasClassFiles(dir string) bool {
	found := false
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || found {
			return filepath.SkipAll
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".class") {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}
