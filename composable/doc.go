// Package composable rebuilds what the Compose compiler's reports say of a module's composable
// functions (-composables.txt, -composables.csv and -module.json) from its bytecode alone: each
// function's restartability and skippability, its parameters' stabilities and default values,
// and the call metrics of the module.
//
// The compiled shape of a composable is read from the class file: the Composer and $changed
// parameters the plugin appends, the $default mask, and the restart group. The call sites a
// caller compiled, decoded and checked by package callsite (the $changed int each passes split
// into parameter slots, every slot compared with the prediction of package evaluate's
// Instantiator), give the call metrics, each argument's origin and whether the callee re-runs.
// Both are checked against the real compilers' reports and bytecode in the tests.
package composable
