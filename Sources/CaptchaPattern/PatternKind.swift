import CaptchaImaging
public import CaptchaKindCore
public import CaptchaSupport
import VectorRaster

/// The pattern captcha (the 9-dot gesture lock): nine icons on a jittered 3×3 board, a hint
/// showing some of them in order; the client draws a path through those markers in that order.
public struct PatternKind: CaptchaKind {
  public static let name = "pattern"

  public var options: PatternOptions

  /// `OptionError` when the options do not make a pattern captcha (see `PatternOptions.validate`).
  public init(options: PatternOptions) throws {
    try options.validate()
    self.options = options
  }

  public var backgroundStage: BackgroundStage {
    var stage = options.backgroundStage
    stage.size = options.size
    return stage
  }

  public var backgroundFileName: String { options.format.backgroundFileName }

  public var writesDurably: Bool { options.durableWrites }

  public func make(_ background: consuming PreparedBackground, seed: UInt64) throws -> MadeCaptcha {
    let made = try PatternMaker.make(background, options: options, seed: seed)
    return MadeCaptcha(
      files: try PatternMaker.encode(made, options: options), answer: made.answer.json,
      header: made.answer.header,
      manifestFields: Self.manifestFields(made.answer))
  }

  /// Answered with `path` (the points drawn) or `track` (the drag, whose points are the path).
  public static let responseFields = ResponseFields(answeredWith: [.path, .track], alsoAccepted: [])

  public static func verify(answer bytes: [UInt8], name: String, response: ClientResponse) throws -> Verdict {
    let answer = try PatternAnswer.parse(bytes, name: name)
    try responseFields.check(response, kind: Self.name)
    let path = response.path ?? response.track?.samples.map { Point($0.x, $0.y) } ?? []
    if let track = response.track, let reason = PatternTrackJudge().rejection(of: track) {
      return Verdict(passed: false, reason: reason, code: .trackRejected)
    }
    let visited = PatternPathResolver(dots: answer.points, radius: Double(answer.radius)).visited(path)
    let outcome = PatternOutcome(visited: visited, sequence: answer.sequence)
    return Verdict(passed: outcome == .match, reason: outcome.reason, code: outcome.code)
  }

  public static func clientFacts(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)] {
    let answer = try PatternAnswer.parse(bytes, name: name)
    return [
      ("dots", .array(answer.dots.map(\.json))), ("radius", .int(Int64(answer.radius))),
      ("length", .int(Int64(answer.sequence.count))),
    ]
  }

  public static func manifestFields(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)] {
    manifestFields(try PatternAnswer.parse(bytes, name: name))
  }

  /// `sequence`, the dot indices in order.
  static func manifestFields(_ answer: PatternAnswer) -> [(String, JSONValue)] {
    [("sequence", .array(answer.sequence.map { .int(Int64($0)) }))]
  }
}
