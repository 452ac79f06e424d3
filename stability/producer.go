package stability

import (
	"fmt"
	"strconv"
	"strings"
)

// Producer is what a class's bytes tell of the compiler that produced it. The Kotlin metadata
// version (mv) follows the compiler's language version, major.minor: Kotlin 2.1.x writes 2.1.0,
// Kotlin 1.9 (or Kotlin 2.x in K1 mode, -language-version 1.9) writes 1.9.0. Every 2.x metadata
// version comes from the K2 front end. Kotlin 2.4 is the first whose Compose plugin also records
// @StabilityInferred in the metadata.
type Producer struct {
	// Kotlin is false for Java (and other non-Kotlin) classes.
	Kotlin bool
	// Major and Minor are the metadata version's, 0 when unknown.
	Major, Minor int
	// K2 tells the K2 front end produced the class (metadata version 2.0 or later).
	K2 bool
	// Compose tells the Compose compiler plugin ran on the class ($stable or @StabilityInferred).
	Compose bool
	// Evidence says what the verdict rests on, for explain.
	Evidence []string
}

// String renders the producer as "Kotlin 2.1 (K2)", "Kotlin 1.9 (K1)" or "Java".
func (p Producer) String() string {
	if !p.Kotlin {
		return "Java"
	}
	if p.Major == 0 {
		return "Kotlin"
	}
	fe := "K1"
	if p.K2 {
		fe = "K2"
	}
	return fmt.Sprintf("Kotlin %d.%d (%s)", p.Major, p.Minor, fe)
}

// Compiler names the Compose compiler for messages: "the Compose compiler of Kotlin 2.1".
func (p Producer) Compiler() string {
	if p.Kotlin && p.Major >= 2 {
		return fmt.Sprintf("the Compose compiler of Kotlin %d.%d", p.Major, p.Minor)
	}
	if p.Kotlin && p.Major == 1 {
		return fmt.Sprintf("a Compose compiler 1.x (Kotlin %d.%d metadata)", p.Major, p.Minor)
	}
	return "a tool that is not the Kotlin compiler"
}

// ProducerOf reads the producer evidence of a loaded class.
func ProducerOf(c *Class) Producer {
	d := c.Ensure()
	p := Producer{Compose: d.HasStableField || d.Inferred != nil}
	if d.Origin == OriginKotlin && d.MetadataVersion != "" {
		p.Kotlin = true
		parts := strings.SplitN(d.MetadataVersion, ".", 3)
		if len(parts) >= 2 {
			p.Major, _ = strconv.Atoi(parts[0])
			p.Minor, _ = strconv.Atoi(parts[1])
		}
		p.K2 = p.Major >= 2
		p.Evidence = append(p.Evidence, "Kotlin metadata version "+d.MetadataVersion)
	} else if d.Origin == OriginKotlin {
		p.Kotlin = true
	}
	switch {
	case d.Inferred != nil && d.InferredInMetadata:
		p.Evidence = append(p.Evidence, "@StabilityInferred in the class file and in the Kotlin metadata (Kotlin 2.4 and later)")
	case d.Inferred != nil:
		p.Evidence = append(p.Evidence, "@StabilityInferred in the class file only")
	}
	if d.HasStableField {
		p.Evidence = append(p.Evidence, "a static $stable field")
	}
	if p.Compose && !p.Kotlin {
		p.Evidence = append(p.Evidence, "Compose traces on a class without Kotlin metadata: written or post-processed by another tool")
	}
	return p
}
