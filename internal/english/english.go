// Package english holds the few rules of English that the reports' sentences need, so that
// every package counts things the same way.
package english

import (
	"strconv"
	"strings"
)

// Plural is the count and the noun: "1 class", "2 classes", "3 fields".
func Plural(n int, noun string) string {
	s := strconv.Itoa(n) + " " + noun
	switch {
	case n == 1:
		return s
	case strings.HasSuffix(noun, "s"):
		return s + "es"
	}
	return s + "s"
}

// Choose is one when n is 1 and many otherwise, for phrases Plural cannot build ("class is",
// "classes are").
func Choose(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
