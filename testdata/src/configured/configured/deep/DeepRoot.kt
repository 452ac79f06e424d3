package configured.deep

class DeepRootVar(var z: Int)
