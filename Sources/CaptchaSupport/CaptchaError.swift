/// The library's error for files, data and I/O: a category and one sentence for the user that names
/// the file and the problem. The front ends map the category (the command line to a sysexits code).
/// Options and responses that do not fit have typed errors of their own (`OptionError`,
/// `VerifyError` in CaptchaKinds).
public struct CaptchaError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What went wrong (the command line maps each to a sysexits code). A struct over a private list,
  /// so that a new category is no source break for code that reads these: compare with the static
  /// members (`error.kind == .usage`); a `switch` needs a `default`.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable {
      case usage, badData, missingInput, cannotCreate, io
    }
    private let value: Value

    /// A request that cannot be done as asked (impossible settings, a wrong argument).
    public static let usage = Kind(value: .usage)
    /// Input data is malformed: corrupt image, bad path data.
    public static let badData = Kind(value: .badData)
    /// An input file does not exist or cannot be opened.
    public static let missingInput = Kind(value: .missingInput)
    /// An output file or folder cannot be created.
    public static let cannotCreate = Kind(value: .cannotCreate)
    /// A read or write failed part-way.
    public static let io = Kind(value: .io)

    public var description: String { value.rawValue }
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
