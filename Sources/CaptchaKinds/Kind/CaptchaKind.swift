import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// One kind of captcha (slide, and the kinds that follow) behind the seam that `make`, `batch`,
/// `verify`, `--check` and the golden tests share. Those callers know only this protocol: a kind
/// makes its files from a prepared background and a seed, and judges a client's response against
/// its own answer.json. Adding a kind means a type conforming to this protocol, an entry in
/// `KindCatalog`, and its self-attack in CaptchaCheck's `SelfAttackCatalog`; batch and verify do not
/// change.
public protocol CaptchaKind: Sendable {
  /// The kind's name: answer.json's `kind` (a missing `kind` means slide) and `--kind`.
  static var name: String { get }

  /// How this kind's background is prepared from the input picture.
  var backgroundStage: BackgroundStage { get }

  /// The background file this kind writes (`background.png` or `background.jpg`).
  var backgroundFileName: String { get }

  /// Whether files are fsynced before they get their names (`--no-fsync` turns it off).
  var writesDurably: Bool { get }

  /// Makes one captcha on `background` for `seed`: its encoded files and its answer.
  func make(_ background: consuming PreparedBackground, seed: UInt64) throws -> MadeCaptcha

  /// Judges `response` against this kind's answer.json `bytes` (`name` names the file in errors).
  /// Throws `.usage` when the response does not fit the kind (say, an angle for a slide captcha)
  /// and `.badData` when the answer is malformed.
  static func verify(answer bytes: [UInt8], name: String, response: ClientResponse) throws -> Verdict

  /// The kind's own members of a batch manifest line (slide: `target`), read from answer.json.
  static func manifestFields(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)]
}
