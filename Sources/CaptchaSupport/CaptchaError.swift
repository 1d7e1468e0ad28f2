/// The library's error for files, data and I/O: a category and one sentence for the user that names
/// the file and the problem. The front ends map the category (the command line to a sysexits code).
/// Options and responses that do not fit have typed errors of their own (`OptionError`,
/// `VerifyError` in CaptchaKinds).
public struct CaptchaError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What went wrong (the command line maps each to a sysexits code).
  public enum Kind: Equatable, Sendable {
    /// A request that cannot be done as asked (impossible settings, a wrong argument).
    case usage
    /// Input data is malformed: corrupt image, bad path data.
    case badData
    /// An input file does not exist or cannot be opened.
    case missingInput
    /// An output file or folder cannot be created.
    case cannotCreate
    /// A read or write failed part-way.
    case io
  }

  public var kind: Kind
  public var message: String

  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  public var description: String { message }
}
