// Classes whose fields are classes of another file or of another module.
package producers

import pdep.DepBox
import pdep.DepMutable
import pdep.DepStable

class UsesOtherFile(val o: OtherFileData)

class UsesOtherMutable(val o: OtherFileMutable)

class UsesOtherBox(val b: OtherFileBox<Int>)

class UsesDep(val d: DepStable)

class UsesDepMutable(val d: DepMutable)

class UsesDepBox(val b: DepBox<Int>)

class UsesDepBoxMutable(val b: DepBox<DepMutable>)
