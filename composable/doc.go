// Package composable rebuilds what the Compose compiler's reports say of a module's composable
// functions (-composables.txt, -composables.csv and -module.json) from its bytecode alone: each
// function's restartability and skippability, its parameters' stabilities and default values,
// and the call metrics of the module.
//
// The compiled shape of a composable is read from the class file: the Composer and $changed
// parameters the plugin appends, the $default mask, and the restart group. The call sites a
// caller compiled are decoded too: the $changed int each passes is rebuilt from the
// instructions before the call and split into parameter slots, so the stability an app's
// compiler decided for every argument ($stable reads, the unstable bit, static values) can be
// compared with the prediction of package evaluate's Instantiator. Both are checked against the
// real compilers' reports and bytecode in the tests.
package composable
