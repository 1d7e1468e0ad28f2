public import CaptchaImaging
public import CaptchaSupport
import VectorRaster

/// One kind of captcha (slide, rotate, pattern) behind the seam that `make`, `batch`, `verify`,
/// `--check`, `serve` and the golden tests share. Those callers know only this protocol: a kind makes
/// its files from a prepared background and a seed, says how it is answered and what a client may
/// know of it, and judges a client's response against its own answer.json. Adding a kind means a
/// folder of its own beside Slide/, a type conforming to this protocol, its self-attack
/// (CaptchaCheck's `SelfAttackingKind`), how it is built from the shared options (CaptchaKit's
/// `CatalogKind`) and an entry in `KindCatalog.kinds`; nothing else changes.
public protocol CaptchaKind: Sendable {
  /// The kind's name: answer.json's `kind` (a missing `kind` means slide) and `--kind`.
  static var name: String { get }

  /// How this kind's background is prepared from the input picture.
  var backgroundStage: BackgroundStage { get }

  /// The picture this kind draws when no photo is given, at `size`, for `seed` (the landscape by
  /// default: `CaptchaKind+Background.swift`).
  func builtInBackground(size: PixelSize, seed: UInt64) throws -> BuiltInBackground

  /// The background file this kind writes (`background.png` or `background.jpg`).
  var backgroundFileName: String { get }

  /// Whether files are fsynced before they get their names (`--no-fsync` turns it off).
  var writesDurably: Bool { get }

  /// Makes one captcha on `background` for `seed`: its encoded files and its answer.
  func make(_ background: consuming PreparedBackground, seed: UInt64) throws -> MadeCaptcha

  /// The fields a response to this kind is answered with (checked first by `verify`).
  static var responseFields: ResponseFields { get }

  /// Judges `response` against this kind's answer.json `bytes` (`name` names the file in errors).
  /// Throws `VerifyError` when the response does not fit the kind (say, an angle for a slide
  /// captcha) and `.badData` when the answer is malformed.
  static func verify(answer bytes: [UInt8], name: String, response: ClientResponse) throws -> Verdict

  /// What a client is told about a captcha of this kind, read from its answer.json `bytes`, as
  /// members of the API's challenge object (slide: `start`, `mode`; rotate: `center`; pattern:
  /// `dots`, `radius`, `length`; `steps` when stepped). Never the answer itself.
  static func clientFacts(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)]

  /// The kind's own members of a batch manifest line (slide: `target`), read from answer.json.
  static func manifestFields(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)]
}
