/// A vector outline made of contours of lines and quadratic/cubic Béziers, in Double user space.
///
/// Build one with `move`/`line`/`quad`/`cubic`/`close`, or parse SVG path data with `SVGPathParser`.
/// Every contour is treated as closed when it is filled.
public struct Path: Equatable, Sendable {
  /// One drawing command. Control points are absolute.
  public enum Element: Equatable, Sendable {
    case move(Point)
    case line(Point)
    case quad(Point, Point)
    case cubic(Point, Point, Point)
    case close
  }

  public private(set) var elements: [Element] = []

  public init() {}

  public init(elements: [Element]) {
    self.elements = elements
  }

  public var isEmpty: Bool { elements.isEmpty }

  public mutating func move(to p: Point) { elements.append(.move(p)) }
  public mutating func line(to p: Point) { elements.append(.line(p)) }
  public mutating func quad(to p: Point, control c: Point) { elements.append(.quad(c, p)) }
  public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
    elements.append(.cubic(c1, c2, p))
  }
  public mutating func close() { elements.append(.close) }

  /// Appends every element of `other` (its contours stay separate).
  public mutating func append(_ other: Path) { elements.append(contentsOf: other.elements) }

  /// The path with every point mapped through `t`.
  public func transformed(by t: Transform) -> Path {
    Path(
      elements: elements.map { el in
        switch el {
        case .move(let p): return .move(t.apply(p))
        case .line(let p): return .line(t.apply(p))
        case .quad(let c, let p): return .quad(t.apply(c), t.apply(p))
        case .cubic(let c1, let c2, let p): return .cubic(t.apply(c1), t.apply(c2), t.apply(p))
        case .close: return .close
        }
      })
  }

  /// The bounding box of all points, control points included (a superset of the exact curve
  /// bounds); nil for an empty path.
  public var controlBounds: Rect? {
    var r: Rect? = nil
    func add(_ p: Point) {
      if var b = r {
        b.minX = Swift.min(b.minX, p.x)
        b.minY = Swift.min(b.minY, p.y)
        b.maxX = Swift.max(b.maxX, p.x)
        b.maxY = Swift.max(b.maxY, p.y)
        r = b
      } else {
        r = Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
      }
    }
    for el in elements {
      switch el {
      case .move(let p), .line(let p): add(p)
      case .quad(let c, let p):
        add(c)
        add(p)
      case .cubic(let c1, let c2, let p):
        add(c1)
        add(c2)
        add(p)
      case .close: break
      }
    }
    return r
  }
}

/// How overlapping contours decide what is inside.
public enum FillRule: String, Sendable, CaseIterable {
  /// Inside where the winding number is non-zero.
  case nonzero
  /// Inside where the winding number is odd.
  case evenodd
}
