import CaptchaImaging
import CaptchaSupport

/// The slide puzzle (DWSlideCaptchaView, TTGPuzzleVerify): a piece cut out of the picture, a hole
/// where it came from; the client drags the piece into the hole.
public struct SlideKind: CaptchaKind {
  public static let name = "slide"

  /// Everything that shapes a slide captcha besides the background and the seed.
  public var options: SlideOptions

  public init(options: SlideOptions) {
    self.options = options
  }

  public var backgroundStage: BackgroundStage { options.backgroundStage }

  public var backgroundFileName: String { options.format.backgroundFileName }

  public var writesDurably: Bool { options.durableWrites }

  public func make(_ background: consuming PreparedBackground, seed: UInt64) throws -> MadeCaptcha {
    let captcha = try SlideMaker.make(prepared: background, options: options, seed: seed)
    let answer = captcha.answer
    return MadeCaptcha(
      files: try SlideMaker.encode(captcha, options: options), answer: answer.json,
      header: answer.header, manifestFields: Self.manifestFields(answer))
  }

  public static func verify(answer bytes: [UInt8], name: String, response: ClientResponse) throws -> Verdict {
    let answer = try SlideAnswer.parse(bytes, name: name)
    guard response.path == nil else {
      throw CaptchaError(.usage, "\(name): the answer is a slide captcha; --path does not apply")
    }
    if response.angle != nil {
      throw CaptchaError(
        .usage, "\(name): the answer is a slide captcha; answer it with --x (and --y), not --angle")
    }
    if let k = response.step {
      return try verify(step: k, x: response.x, answer: answer, name: name)

    }
    guard let x = response.x else {
      throw CaptchaError(.usage, "\(name): the answer is a slide captcha; answer it with --x (and --y)")
    }
    guard x.isFinite, response.y?.isFinite ?? true else {
      throw CaptchaError(.usage, "--x and --y must be finite numbers")
    }
    if let dw = response.displayWidth, !(dw.isFinite && dw > 0) {
      throw CaptchaError(.usage, "--display-width \(dw) must be a positive number")
    }
    if answer.mode != .horizontal && response.y == nil {
      throw CaptchaError(
        .usage, "\(name): the answer is in \(answer.mode.rawValue) mode, so --y is required")
    }
    if let track = response.track,
      let reason = TrackJudge().rejection(
        of: track, alongX: answer.mode != .vertical, endX: x,
        endY: answer.mode == .horizontal ? nil : response.y)
    {
      return Verdict(passed: false, reason: reason)
    }
    let passed = SlideVerifier.verify(
      answer: answer, x: x, y: response.y, displayWidth: response.displayWidth)
    return Verdict(passed: passed, reason: passed ? "the piece fits" : "the piece is not where it fits")
  }

  /// `--step K` against a stepped answer (`.usage` without steps, with --x too, or K not a stop).
  static func verify(step k: Int, x: Double?, answer: SlideAnswer, name: String) throws -> Verdict {
    guard x == nil else { throw CaptchaError(.usage, "give either --x or --step, not both") }
    guard let steps = answer.steps else {
      throw CaptchaError(
        .usage, "\(name): the answer has no steps (made without --steps); answer it with --x")
    }
    let passed = try steps.accepts(step: k, name: name)
    return Verdict(passed: passed, reason: passed ? "the piece fits" : "the piece is not where it fits")
  }

  public static func manifestFields(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)] {
    manifestFields(try SlideAnswer.parse(bytes, name: name))
  }

  /// `target` `{x, y}`, as manifests have always carried it.
  static func manifestFields(_ answer: SlideAnswer) -> [(String, JSONValue)] {
    [("target", .object([("x", .int(Int64(answer.target.x))), ("y", .int(Int64(answer.target.y)))]))]
  }
}

extension SlideAnswer {
  /// The part every kind's answer shares.
  public var header: AnswerHeader {
    AnswerHeader(kind: SlideKind.name, seed: seed, background: background, piece: piece, source: source)
  }
}
