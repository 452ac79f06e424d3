// Package maven finds the artefacts of Maven coordinates (group:artifact:version) in folders that
// already hold them — Maven-layout repositories such as ~/.m2/repository, and Gradle's download
// cache (caches/modules-2/files-2.1) — and resolves their runtime classpath offline.
//
// Variants are selected from Gradle module metadata (the .module file, format 1.1) when it is
// present, following available-at to the platform module of a Kotlin Multiplatform library, and
// from the POM otherwise (parent POMs, dependencyManagement, imported BOMs and ${property}
// references). Conflicts between versions of one module are settled as Gradle settles them by
// default: the highest version wins, ordered as Gradle orders versions.
//
// The package reads files only; it never downloads. What no repository holds is reported in
// Resolution.Missing, and resolution goes on without it.
package maven
