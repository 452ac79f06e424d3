package maven

import (
	"fmt"
	"strings"
)

// Platforms a Resolver can select variants for.
const (
	// PlatformAndroid prefers Android variants (Kotlin platform type androidJvm, or JVM
	// environment android) and falls back to JVM ones, as an Android build does.
	PlatformAndroid = "android"
	// PlatformJVM takes JVM variants (Kotlin platform type jvm, or plain Java libraries) only.
	PlatformJVM = "jvm"
)

// Attribute names used in variant selection.
const (
	attrUsage       = "org.gradle.usage"
	attrCategory    = "org.gradle.category"
	attrElements    = "org.gradle.libraryelements"
	attrEnvironment = "org.gradle.jvm.environment"
	attrKotlin      = "org.jetbrains.kotlin.platform.type"
	attrBuildType   = "com.android.build.api.attributes.BuildTypeAttr"
)

// variantScore ranks a variant for a consumer; ok is false for a variant the consumer cannot
// use at all. Higher is better, compared field by field.
type variantScore struct {
	ok                        bool
	platform, usage, elements int
	buildType                 int
}

func (a variantScore) better(b variantScore) bool {
	switch {
	case a.platform != b.platform:
		return a.platform > b.platform
	case a.usage != b.usage:
		return a.usage > b.usage
	case a.elements != b.elements:
		return a.elements > b.elements
	}
	return a.buildType > b.buildType
}

// scoreVariant rates a variant for a runtime classpath of platform (PlatformAndroid or
// PlatformJVM). With wantPlatform it looks for a platform (BOM) variant instead of a library.
func scoreVariant(v *Variant, platform string, wantPlatform bool) variantScore {
	a := v.Attributes
	s := variantScore{ok: true}
	switch cat := a[attrCategory]; {
	case wantPlatform && cat != "platform" && cat != "enforced-platform":
		return variantScore{}
	case !wantPlatform && cat != "" && cat != "library":
		return variantScore{}
	}
	switch usage := strings.ToLower(a[attrUsage]); usage {
	case "java-runtime", "java-runtime-jars", "kotlin-runtime", "java-runtime-library":
		s.usage = 2
	case "java-api", "java-api-jars", "kotlin-api", "java-api-library", "":
		s.usage = 1
	default: // kotlin-metadata, native and JS usages, documentation
		return variantScore{}
	}
	kt, env := a[attrKotlin], a[attrEnvironment]
	android := kt == "androidJvm" || env == "android"
	jvm := kt == "jvm" || env == "standard-jvm"
	plain := kt == "" && env == ""
	switch {
	case !android && !jvm && !plain: // common, js, native, wasm
		return variantScore{}
	case platform == PlatformJVM && android:
		return variantScore{}
	case platform == PlatformJVM:
		s.platform = 2
	case android:
		s.platform = 3
	default:
		s.platform = 2
	}
	switch a[attrElements] {
	case "", "jar", "aar":
		s.elements = 2
	default:
		s.elements = 1
	}
	switch strings.ToLower(a[attrBuildType]) {
	case "release", "":
		s.buildType = 1
	}
	return s
}

// selectVariant picks the variant a runtime classpath of platform would use: the best scored,
// the first published on ties.
func selectVariant(vs []Variant, platform string, wantPlatform bool) (*Variant, error) {
	var best *Variant
	var bestScore variantScore
	for i := range vs {
		s := scoreVariant(&vs[i], platform, wantPlatform)
		if s.ok && (best == nil || s.better(bestScore)) {
			best, bestScore = &vs[i], s
		}
	}
	if best == nil {
		names := make([]string, len(vs))
		for i := range vs {
			names[i] = vs[i].Name
		}
		kind := "library"
		if wantPlatform {
			kind = "platform"
		}
		return nil, fmt.Errorf("no %s variant for %s among %d (%s)", kind, platformName(platform), len(vs), strings.Join(names, ", "))
	}
	return best, nil
}

func platformName(p string) string {
	if p == "" {
		return PlatformAndroid
	}
	return p
}
