package stability

import (
	"strconv"
	"strings"
)

// Release is a Kotlin release whose Compose compiler composestab reproduces. Everything that
// differs between releases is read through it: the inference rules, the known-stable tables,
// how the reports name classes and composables (QualifiedReportNames) and the feature flags'
// defaults (FeatureDefaults), each from its row of the release table. A Release is resolved
// once from its name (ParseRelease), then compared (Before, ==), never its name. The zero
// Release is DefaultRelease.
type Release struct {
	// i is the release's index in releases plus one; 0 for the default release, so that the zero
	// Release is the default and two equal releases are ==.
	i int
}

// FeatureDefaults are the defaults of the Compose compiler's feature flags that differ between
// releases, for composables whose code shape says nothing of them (strong skipping and
// intrinsic remember are on in every supported release).
type FeatureDefaults struct {
	// OptimizeNonSkippingGroups and PausableComposition are on by default.
	OptimizeNonSkippingGroups, PausableComposition bool
	// NoPausableFlag: the release's module.json has no PausableComposition flag.
	NoPausableFlag bool
}

// releaseRow is one row of the release table: a release, and what changed in it. What a row
// leaves nil it keeps from the row above.
type releaseRow struct {
	name string
	// why says what changed, and the fixture that shows it.
	why string
	// rules, when set, are the release's rules, and every later one's up to the next row that
	// sets them.
	rules *rules
	// features, when set, are the release's feature defaults, and every later one's alike.
	features *FeatureDefaults
}

// releaseTable is every supported release, oldest first: every Kotlin release on the npm
// registry whose distribution ships a Compose plugin (2.0.0 ships none; 2.0.x ship one built for
// the embeddable compiler, which testdata/tools/relocate adapts). Releases whose outputs are
// byte-identical for every fixture (testdata/golden/compilers) change nothing. Supporting a
// release is a row here (and its known-stable tables, which go generate reads from its plugin:
// until then it keeps the tables of the release before it).
var releaseTable = []releaseRow{
	{name: "2.0.20", why: "the oldest supported: superclasses ignored, interfaces of other modules Unstable, other-file classes inferred in place (producers: MyError, DerivedFromMut, UsesOtherFile); OptimizeNonSkippingGroups and PausableComposition off, and no PausableComposition flag",
		rules: &rules{}, features: &FeatureDefaults{NoPausableFlag: true}},
	{name: "2.0.21"},
	{name: "2.1.0", why: "a type parameter under substitution is guarded: a generic nesting itself with a fixed argument keeps the inner Parameter(T) (producers: NestBoxBoxInt, NestBoxBox); composable function types printed lowered (HoldsComposable); module.json has the PausableComposition flag",
		rules: &rules{paramGuard: true, loweredTypeNames: true}, features: &FeatureDefaults{}},
	{name: "2.1.20", why: "the superclass's stability counts (producers: MyError, DerivedFromMut, SubOfDep)",
		rules: &rules{paramGuard: true, loweredTypeNames: true, superclassCounts: true}},
	{name: "2.1.21"},
	{name: "2.2.0", why: "OptimizeNonSkippingGroups and PausableComposition on by default",
		features: &FeatureDefaults{OptimizeNonSkippingGroups: true, PausableComposition: true}},
	{name: "2.2.10"},
	{name: "2.2.20", why: "-classes.txt names classes by FQN (every report)",
		rules: &rules{paramGuard: true, loweredTypeNames: true, superclassCounts: true, qualifiedReportNames: true}},
	{name: "2.2.21"},
	{name: "2.3.0", why: "Error Prone's @Immutable is a stable marker (producers: ErrorProneMarked, ErrorProneHolder)",
		rules: &rules{paramGuard: true, loweredTypeNames: true, superclassCounts: true, qualifiedReportNames: true, errorProneMarker: true}},
	{name: "2.3.10"},
	{name: "2.3.20"},
	{name: "2.3.21"},
	{name: "2.4.0", why: "objects Stable, non-final classes seeded Uncertain, Uncertain superclasses ignored, interfaces and same-file annotation classes Uncertain, other-file and other-module classes Runtime, other-file annotation classes too (producers: MutableObject, OpenVal, UsesOtherFile, HasList, HasAnnotationField, HoldsSameFileAnn, HoldsOtherFileAnn)",
		rules: &rules{objectsStable: true, openSeedUnknown: true, skipUnknownSuper: true, runtimeOtherFiles: true, paramGuard: true, loweredTypeNames: true,
			superclassCounts: true, interfacesUncertain: true, annotationsAreInterfaces: true, qualifiedReportNames: true,
			errorProneMarker: true}},
	{name: "2.4.10"},
	{name: "2.4.20"},
	{name: "2.5.0-Beta1"},
}

// DefaultCompiler names the release whose rules composestab reproduces by default
// (DefaultRelease): the newest stable release.
const DefaultCompiler = "2.4.20"

// release is a row of the release table with what it keeps from the rows above filled in.
type release struct {
	name     string
	rules    rules
	features FeatureDefaults
}

// The release table as read: releases in the table's order, defaultIndex the index of
// DefaultCompiler's, and SupportedCompilers their names.
var (
	releases, defaultIndex = readReleaseTable(releaseTable)
	// SupportedCompilers names the supported releases (releaseTable), oldest first.
	SupportedCompilers = releaseNames()
)

// readReleaseTable fills in each row from the rows above it.
func readReleaseTable(rows []releaseRow) ([]release, int) {
	out := make([]release, len(rows))
	def := -1
	for i, row := range rows {
		if i > 0 {
			out[i] = out[i-1]
		} else if row.rules == nil || row.features == nil {
			panic("stability: the oldest release sets every column")
		}
		out[i].name = row.name
		if row.rules != nil {
			out[i].rules = *row.rules
		}
		if row.features != nil {
			out[i].features = *row.features
		}
		if i > 0 && compareVersions(rows[i-1].name, row.name) >= 0 {
			panic("stability: releases out of order at " + row.name)
		}
		if row.name == DefaultCompiler {
			def = i
		}
	}
	if def < 0 {
		panic("stability: DefaultCompiler " + DefaultCompiler + " is not in the release table")
	}
	return out, def
}

func releaseNames() []string {
	names := make([]string, len(releases))
	for i, r := range releases {
		names[i] = r.name
	}
	return names
}

// releaseAt is the Release of releases[i].
func releaseAt(i int) Release {
	if i == defaultIndex {
		return Release{}
	}
	return Release{i + 1}
}

// index is r's index in releases.
func (r Release) index() int {
	if r.i == 0 {
		return defaultIndex
	}
	return r.i - 1
}

func (r Release) row() *release { return &releases[r.index()] }

// DefaultRelease is the release whose rules apply when none is chosen (DefaultCompiler).
func DefaultRelease() Release { return Release{} }

// Releases lists the supported releases, oldest first.
func Releases() []Release {
	out := make([]Release, len(releases))
	for i := range releases {
		out[i] = releaseAt(i)
	}
	return out
}

// ParseRelease resolves a release's name: a supported release ("2.1.20"), or "X.Y" for the newest
// supported X.Y.z that is not a pre-release. ok is false for anything else. It is the only place
// a name becomes a Release.
func ParseRelease(name string) (r Release, ok bool) {
	best := -1
	for i, rel := range releases {
		if rel.name == name {
			return releaseAt(i), true
		}
		if strings.HasPrefix(rel.name, name+".") && !strings.Contains(rel.name, "-") {
			best = i // releases are sorted, so the last match is the newest patch
		}
	}
	if best < 0 {
		return Release{}, false
	}
	return releaseAt(best), true
}

// ReleasesOf lists the supported releases of Kotlin major.minor (the language version a class's
// metadata records), pre-releases included, oldest first.
func ReleasesOf(major, minor int) []Release {
	var out []Release
	prefix := strconv.Itoa(major) + "." + strconv.Itoa(minor) + "."
	for i, rel := range releases {
		if strings.HasPrefix(rel.name, prefix) {
			out = append(out, releaseAt(i))
		}
	}
	return out
}

// String is the release's name: "2.4.20".
func (r Release) String() string { return r.row().name }

// Before tells whether r is an older release than than.
func (r Release) Before(than Release) bool { return r.index() < than.index() }

// QualifiedReportNames tells whether the release's reports name classes and composables by
// their fully qualified names rather than their simple names.
func (r Release) QualifiedReportNames() bool { return r.row().rules.qualifiedReportNames }

// FeatureDefaults are the release's defaults of the feature flags that differ between releases.
func (r Release) FeatureDefaults() FeatureDefaults { return r.row().features }

func (r Release) rules() rules { return r.row().rules }

// compareVersions orders Kotlin release names: numeric parts numerically, and a pre-release
// ("2.5.0-Beta1") before its release.
func compareVersions(a, b string) int {
	an, apre, _ := strings.Cut(a, "-")
	bn, bpre, _ := strings.Cut(b, "-")
	as, bs := strings.Split(an, "."), strings.Split(bn, ".")
	for i := 0; i < len(as) || i < len(bs); i++ {
		var x, y int
		if i < len(as) {
			x, _ = strconv.Atoi(as[i])
		}
		if i < len(bs) {
			y, _ = strconv.Atoi(bs[i])
		}
		if x != y {
			return x - y
		}
	}
	switch {
	case apre == bpre:
		return 0
	case apre == "":
		return 1
	case bpre == "":
		return -1
	}
	return strings.Compare(apre, bpre)
}
