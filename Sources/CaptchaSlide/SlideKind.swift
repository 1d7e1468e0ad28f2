import CaptchaHoles
import CaptchaImaging
public import CaptchaKindCore
public import CaptchaSupport

/// The slide puzzle (DWSlideCaptchaView, TTGPuzzleVerify): a piece cut out of the picture, a hole
/// where it came from; the client drags the piece into the hole.
public struct SlideKind: CaptchaKind {
  /// "slide": also the kind of answers that name none (schema 1 before kinds existed).
  public static let name = AnswerHeader.unnamedKind

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

  /// Answered with `x` (or `step`), with `y` unless the mode is horizontal; `display_width`
  /// scales the positions, `track` is judged for what no person does.
  public static let responseFields = ResponseFields(
    answeredWith: [.x, .step], alsoAccepted: [.y, .displayWidth, .track])

  public static func verify(answer bytes: [UInt8], name: String, response: ClientResponse) throws -> Verdict {
    let answer = try SlideAnswer.parse(bytes, name: name)
    try responseFields.check(response, kind: Self.name)
    if let k = response.step {
      return try verify(step: k, x: response.x, answer: answer)
    }
    guard let x = response.x, x.isFinite else { throw VerifyError.notFinite(.x) }
    guard response.y?.isFinite ?? true else { throw VerifyError.notFinite(.y) }
    if let dw = response.displayWidth, !(dw.isFinite && dw > 0) {
      throw VerifyError.notPositive(.displayWidth)
    }
    if answer.mode != .horizontal && response.y == nil {
      throw VerifyError.requiredInMode(.y, mode: answer.mode.rawValue)
    }
    if let track = response.track,
      let reason = TrackJudge().rejection(
        of: track, alongX: answer.mode != .vertical, endX: x,
        endY: answer.mode == .horizontal ? nil : response.y)
    {
      return Verdict(passed: false, reason: reason, code: .trackRejected)
    }
    let passed = SlideVerifier.verify(
      answer: answer, x: x, y: response.y, displayWidth: response.displayWidth)
    return verdict(passed)
  }

  /// A stop `k` against a stepped answer (`VerifyError` without steps, with `x` too, or `k` not a
  /// stop).
  static func verify(step k: Int, x: Double?, answer: SlideAnswer) throws -> Verdict {
    guard x == nil else { throw VerifyError.bothGiven(.x, .step) }
    guard let steps = answer.steps else { throw VerifyError.noSteps(answerWith: .x) }
    return verdict(try steps.accepts(step: k))
  }

  static func verdict(_ passed: Bool) -> Verdict {
    passed
      ? Verdict(passed: true, reason: "the piece fits", code: .passed)
      : Verdict(passed: false, reason: "the piece is not where it fits", code: .notInGap)
  }

  public static func clientFacts(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)] {
    let answer = try SlideAnswer.parse(bytes, name: name)
    var facts: [(String, JSONValue)] = [
      ("start", answer.start.json), ("mode", .string(answer.mode.rawValue)),
    ]
    if let steps = answer.steps { facts.append(("steps", .array(steps.positions.map { .double($0) }))) }
    return facts
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
