package composable

import "github.com/composestab/composestab/stability"

// KotlinType is the parameter's Kotlin type as the compiler sees it — a vararg's element type,
// the dispatch receiver's class with its type parameters — or nil when it cannot be read. The
// cards job (audit/cards) reads from it which classes of its dependencies an app's composables
// take.
func (p *Param) KotlinType() *stability.Type { return p.typ }
