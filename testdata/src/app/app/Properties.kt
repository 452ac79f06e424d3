// val versus var, private and lateinit vars, delegated properties and interface delegation.
package app

import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.setValue

class OneVal(val x: Int)

class OneVar(var x: Int)

class ValThenVar(val a: Int, var b: Int)

class PrivateVar(private var hidden: Int) {
    fun bump() {
        hidden++
    }
}

class PrivateVal(private val hidden: String)

class BodyVar {
    var counter: Int = 0
}

class BodyVal {
    val counter: Int = 0
}

class LateInit {
    lateinit var name: String
}

class LazyVal {
    val value: Int by lazy { 42 }
}

class StateDelegate {
    var count: Int by mutableStateOf(0)
}

class ValStateDelegate {
    val count: Int by mutableStateOf(0)
}

class MapDelegate(map: Map<String, Any?>) {
    val name: String by map
}

interface Greeter {
    fun greet(): String
}

class FixedGreeter : Greeter {
    override fun greet() = "hi"
}

/** Interface delegation creates a bare field $$delegate_0 of type Greeter. */
class DelegatingGreeter(g: Greeter) : Greeter by g

class DelegatingGreeterWithVal(val id: Int, g: Greeter) : Greeter by g

/** A constructor parameter that is not a property leaves no field. */
class CtorParamOnly(x: Int) {
    val y = x + 1
}

class PrivateSetter(initial: Int) {
    var value: Int = initial
        private set
}

class JvmFieldVal(@JvmField val x: Int)

class ConstInCompanion(val x: Int) {
    companion object {
        const val LIMIT = 10
        var mutableShared = 0
    }
}
