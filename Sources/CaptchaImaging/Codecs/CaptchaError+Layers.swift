import CaptchaSupport
import VectorRaster

extension CaptchaError {
  /// The geometry layer's error as the library's: bad path data is bad input data (65), a bad
  /// argument is a usage error (64); the message is kept.
  public init(_ error: PathError) {
    switch error.kind {
    case .invalidData: self.init(.badData, error.message)
    case .invalidArgument: self.init(.usage, error.message)
    }
  }

  /// The library's error for anything the layers throw (`CaptchaError` itself or a `PathError`);
  /// nil for errors from elsewhere.
  public init?(thrown error: any Error) {
    if let e = error as? CaptchaError {
      self = e
    } else if let e = error as? PathError {
      self.init(e)
    } else {
      return nil
    }
  }
}
