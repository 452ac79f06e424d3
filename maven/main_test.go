package maven_test

import (
	"os"
	"testing"
)

func makeTemp() (string, error) { return os.MkdirTemp("", "maventest") }

func TestMain(m *testing.M) {
	code := m.Run()
	if reposDir != "" {
		os.RemoveAll(reposDir)
	}
	os.Exit(code)
}
