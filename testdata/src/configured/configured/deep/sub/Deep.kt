package configured.deep.sub

class DeepVar(var x: Int) {
    /** configured.deep.** matches nested classes too. */
    class DeepNested(var y: Int)
}
