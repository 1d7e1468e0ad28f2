/// A point or vector in user space (Double precision; x right, y down).
public struct Point: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double

  @inlinable public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(0, 0)

  @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
  @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
  @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
  @inlinable public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }

  /// Linear interpolation: `self` at t = 0, `other` at t = 1.
  @inlinable public func lerp(_ other: Point, _ t: Double) -> Point {
    Point(x + (other.x - x) * t, y + (other.y - y) * t)
  }

  @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
}

/// An axis-aligned rectangle in Double coordinates.
public struct Rect: Equatable, Sendable {
  public var minX: Double
  public var minY: Double
  public var maxX: Double
  public var maxY: Double

  public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
  }

  public var width: Double { maxX - minX }
  public var height: Double { maxY - minY }
  public var isEmpty: Bool { !(maxX > minX && maxY > minY) }
}

/// An axis-aligned rectangle of whole pixels: columns x..<x+width, rows y..<y+height.
public struct PixelRect: Equatable, Hashable, Codable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The overlap of two rectangles (empty when they do not meet).
  public func intersection(_ o: PixelRect) -> PixelRect {
    let x0 = Swift.max(x, o.x)
    let y0 = Swift.max(y, o.y)
    let x1 = Swift.min(maxX, o.maxX)
    let y1 = Swift.min(maxY, o.maxY)
    return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}
