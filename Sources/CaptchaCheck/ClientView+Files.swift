import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ClientView {
  /// The view a client gets from a captcha's encoded files: piece.png and the background decoded
  /// from their bytes (so a JPEG background is attacked with its compression artefacts), the mode
  /// and start position from the answer. Throws `.badData` when a file is missing or does not decode.
  public init(files: CaptchaFiles, answer: SlideAnswer) throws {
    func decoded(_ name: String) throws -> RGBAImage {
      guard let bytes = files.bytes(named: name) else {
        throw CaptchaError(.badData, "check: the captcha has no \(name)")
      }
      return try ImageCodec.decode(bytes, name: name)
    }
    self.init(
      background: try decoded(answer.background.file), piece: try decoded(answer.piece.file),
      mode: answer.mode, start: answer.start)
  }

  /// The view and answer of a captcha folder written by `make` or `batch` (answer.json names the
  /// two pictures). Throws what reading or decoding the files throws.
  public static func load(folder: String) throws -> (view: ClientView, answer: SlideAnswer) {
    let answer = try SlideAnswer.read(path: PathText.appending(folder, CaptchaFiles.answerFileName))
    var files: [(name: String, bytes: [UInt8])] = []
    for name in [answer.piece.file, answer.background.file] {
      files.append((name, try ImageCodec.readFile(path: PathText.appending(folder, name))))
    }
    return (try ClientView(files: CaptchaFiles(files: files), answer: answer), answer)
  }
}
