// Read from Uses.kt: another file of the same module.
package producers

class OtherFileData(val x: Int)

class OtherFileMutable(var x: Int)

class OtherFileBox<T>(val v: T)
