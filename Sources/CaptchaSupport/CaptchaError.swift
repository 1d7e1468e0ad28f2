/// The one error type the library throws: a category (which the CLI maps to a sysexits code)
/// and one sentence for the user that names the file and the problem.
public struct CaptchaError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What went wrong, in sysexits terms.
  public enum Kind: Equatable, Sendable {
    /// Bad command-line usage or impossible options (EX_USAGE, 64).
    case usage
    /// Input data is malformed: corrupt image, bad path data (EX_DATAERR, 65).
    case badData
    /// An input file does not exist or cannot be opened (EX_NOINPUT, 66).
    case missingInput
    /// An output file or folder cannot be created (EX_CANTCREAT, 73).
    case cannotCreate
    /// A read or write failed part-way (EX_IOERR, 74).
    case io

    /// The sysexits code for this kind.
    public var exitCode: Int32 {
      switch self {
      case .usage: return 64
      case .badData: return 65
      case .missingInput: return 66
      case .cannotCreate: return 73
      case .io: return 74
      }
    }
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
