// Package callsite reads what a composable call site passes: the calls of composable functions
// in a class's bytecode, the $changed and $default ints each one passes rebuilt from the
// instructions before the call and split into parameter slots, the callee resolved through the
// Kotlin metadata, and every slot's stability bits compared with the prediction of package
// evaluate's Instantiator for the argument's type (read from the bytecode and metadata). Package
// composable builds its call metrics, outcomes and churn on these checked sites.
package callsite
