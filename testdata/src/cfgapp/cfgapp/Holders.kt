package cfgapp

import cfgdomain.Base
import cfgdomain.Basket
import cfgdomain.Cache
import cfgdomain.Counter
import cfgdomain.Grid
import cfgdomain.Kind
import cfgdomain.Labelled
import cfgdomain.Money
import cfgdomain.Settled
import cfgdomain.Shape
import cfgdomain.Square
import cfgdomain.Tagged
import cfgdomain.Wrapper
import cfgdomain.orders.Draft
import cfgdomain.orders.Order
import cfgdomain.orders.Status
import javalib.JavaMutable
import javalib.JavaPoint

// One holder per class a configuration line names: its verdict in cfgapp-classes.txt (built with
// stability.conf) and cfgappnc-classes.txt (the same sources without it) shows what the line did.

class Local(val x: Int)

class HoldsMoney(val v: Money)
class HoldsJavaPoint(val v: JavaPoint)
class HoldsCounter(val v: Counter)
class HoldsBasket(val v: Basket)
class HoldsGrid(val v: Grid)
class HoldsWrapper(val v: Wrapper)
class HoldsCache(val v: Cache)
class HoldsJavaMutable(val v: JavaMutable)
class HoldsShape(val v: Shape)
// The compiler applies a line to the classes whose direct supertype it names, too.
class HoldsSquare(val v: Square)
class HoldsLabelled(val v: Labelled)
class HoldsBase(val v: Base)
class HoldsTagged(val v: Tagged)
class HoldsSettled(val v: Settled)
class HoldsKind(val v: Kind)
class HoldsLocal(val v: Local)
class HoldsOrder(val v: Order)
class HoldsDraft(val v: Draft)
class HoldsStatus(val v: Status)
class HoldsMutableList(val v: MutableList<Int>)
class HoldsList(val v: List<Int>)
class HoldsDate(val v: java.util.Date)
