public import CaptchaSupport

/// A whole-pixel position on the background: piece.png's top-left corner (slide), the disc's
/// centre (rotate), a dot (pattern).
public struct PiecePosition: Equatable, Hashable, Codable, Sendable {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

extension PiecePosition {
  /// `{"x": x, "y": y}`.
  public var json: JSONValue { .object([("x", .int(Int64(x))), ("y", .int(Int64(y)))]) }
}
