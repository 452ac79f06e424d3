// Command buildrepos writes the test repositories of package maventest into a folder (default
// testdata/repos): m2/ in Maven layout and gradle/, a Gradle user home with a download cache.
//
//	go run ./maven/maventest/buildrepos [DIR]
package main

import (
	"fmt"
	"os"

	"github.com/composestab/composestab/maven/maventest"
)

func main() {
	dir := "testdata/repos"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	r, err := maventest.Build(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "buildrepos:", err)
		os.Exit(1)
	}
	fmt.Printf("--repo %s --repo %s\n", r.Maven, r.GradleHome)
}
