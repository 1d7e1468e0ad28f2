/// The one error the geometry and raster layer throws: bad path data (a parse error, a non-finite
/// coordinate, a path too complex to flatten) or a bad argument (a tolerance that is not positive).
/// Layers above map it onto their own error type; the message is one sentence for the user.
public struct PathError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What went wrong.
  public enum Kind: Equatable, Sendable {
    /// The path data or coordinates are malformed.
    case invalidData
    /// An argument of the call is out of range.
    case invalidArgument
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
