package cfgdomain.orders

// One wildcard line, cfgdomain.orders.*, matches all three: needed, false and redundant.

class Order(val id: String)

class Draft(var title: String)

enum class Status { OPEN, CLOSED }
