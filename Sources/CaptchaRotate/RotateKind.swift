public import CaptchaImaging
public import CaptchaKindCore
public import CaptchaSupport

/// The rotate captcha (from the circular-slider control): a disc cut from the middle of the
/// picture and shown turned; the client turns it back upright. The background is the picture
/// averaged around the disc's centre with a socket where the disc sits (`RadialBackdrop`): no
/// upright copy of the disc exists, and nothing around it has a direction a rim could be matched
/// against. Without `--image` the picture is `ObjectScene` (upright objects, no horizon), not the
/// other kinds' landscape, whose sky and horizon say where up is to any script.
public struct RotateKind: CaptchaKind {
  public static let name = "rotate"

  /// Stream numbers for `Xoshiro256StarStar(seed:stream:)`.
  enum Stream {
    static let angle: UInt64 = 0x726f_616e  // "roan"
    static let jitter: UInt64 = 0x726f_6a69  // "roji"
  }

  public var options: RotateOptions

  public init(options: RotateOptions) {
    self.options = options
  }

  public var backgroundStage: BackgroundStage { options.backgroundStage }

  public var backgroundFileName: String { options.format.backgroundFileName }

  public var writesDurably: Bool { options.durableWrites }

  /// The built-in picture: the object scene at `size`, its objects in the disc (not varied: it is
  /// drawn for this captcha), or the landscape with `objectScene` off.
  public func builtInBackground(size: PixelSize, seed: UInt64) throws -> BuiltInBackground {
    guard options.objectScene else { return .landscape(size: size, seed: seed) }
    let g = try DiscGeometry.fitting(
      width: size.width, height: size.height, diameter: options.diameter, gapFraction: options.gapFraction,
      name: "built-in background")
    let focus = ObjectScene.Focus(x: Double(g.centerX), y: Double(g.centerY), radius: Double(g.radius))
    return BuiltInBackground(
      image: ObjectScene.make(width: size.width, height: size.height, seed: seed, focus: focus), varies: false
    )
  }

  /// Makes the captcha in named stages: the disc's geometry, the secret angle, the turned piece, its
  /// jitter, the background turned into the radial backdrop, the answer, the encoded files.
  public func make(_ background: consuming PreparedBackground, seed: UInt64) throws -> MadeCaptcha {
    try options.validate()
    let record = (source: background.source, resize: background.resize, variation: background.variation)
    var image = background.image
    _ = consume background
    let g = try DiscGeometry.fitting(
      width: image.width, height: image.height, diameter: options.diameter, gapFraction: options.gapFraction,
      name: record.source?.file ?? "built-in background")
    let (angle, steps) = try drawAngle(seed: seed)
    // The piece is the disc turned clockwise by 360 − angle, so turning it clockwise by `angle`
    // makes it upright.
    var piece = DiscPiece.turnedSquare(
      from: image, geometry: g, turnedClockwiseBy: (360 - angle).truncatingRemainder(dividingBy: 360))
    if options.pieceJitter {
      var rng = Xoshiro256StarStar(seed: seed, stream: Stream.jitter)
      DiscJitter.draw(rng: &rng).apply(to: &piece)
    }
    try DiscPiece.cutToCircle(&piece, radius: g.radius)
    try RadialBackdrop.apply(to: &image, geometry: g)
    let answer = RotateAnswer(
      seed: seed, angle: angle, tolerance: options.tolerance, center: .init(x: g.centerX, y: g.centerY),
      background: .init(file: backgroundFileName, width: image.width, height: image.height),
      piece: .init(file: CaptchaFiles.pieceFileName, width: piece.width, height: piece.height), steps: steps,
      source: record.source, resize: record.resize, variation: record.variation)
    return MadeCaptcha(
      files: try encode(piece: piece, background: image, answer: answer), answer: answer.json,
      header: answer.header, manifestFields: Self.manifestFields(answer))
  }

  /// The secret angle: a whole degree in 30…330, or with `--steps` a stop at least 30° from upright.
  func drawAngle(seed: UInt64) throws -> (Double, StepStops?) {
    var rng = Xoshiro256StarStar(seed: seed, stream: Stream.angle)
    let away = RotateOptions.minimumTurn
    if let n = options.steps {
      let stops = try StepStops.rotate(count: n, away: Double(away), rng: &rng)
      return (stops.positions[stops.index], stops)
    }
    return (Double(rng.nextInt(in: away...(360 - away))), nil)
  }

  /// piece.png (RGBA), the background (in `options.format`) and answer.json, the large background first.
  func encode(piece: RGBAImage, background: RGBAImage, answer: RotateAnswer) throws -> CaptchaFiles {
    let bg = try options.format.encode(background, quality: options.quality)
    return CaptchaFiles(files: [
      (CaptchaFiles.pieceFileName, try ImageCodec.encodePNG(piece, keepAlpha: true)),
      (backgroundFileName, bg),
      (CaptchaFiles.answerFileName, answer.jsonBytes),
    ])
  }

  /// Answered with `angle` (or `step`); `track` is the turn as dragged.
  public static let responseFields = ResponseFields(answeredWith: [.angle, .step], alsoAccepted: [.track])

  public static func verify(answer bytes: [UInt8], name: String, response: ClientResponse) throws -> Verdict {
    let answer = try RotateAnswer.parse(bytes, name: name)
    try responseFields.check(response, kind: Self.name)
    if let track = response.track,
      let reason = RotateTrackJudge().rejection(
        of: track, centerX: Double(answer.center.x), centerY: Double(answer.center.y))
    {
      return Verdict(passed: false, reason: reason, code: .trackRejected)
    }
    let passed: Bool
    if let k = response.step {
      guard response.angle == nil else { throw VerifyError.bothGiven(.angle, .step) }
      guard let steps = answer.steps else { throw VerifyError.noSteps(answerWith: .angle) }
      passed = try steps.accepts(step: k)
    } else {
      guard let a = response.angle, a.isFinite else { throw VerifyError.notFinite(.angle) }
      passed = RotateVerifier.verify(answer: answer, angle: a)
    }
    return passed
      ? Verdict(passed: true, reason: "the piece is upright", code: .passed)
      : Verdict(passed: false, reason: "the piece is not upright", code: .notUpright)
  }

  public static func clientFacts(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)] {
    let answer = try RotateAnswer.parse(bytes, name: name)
    var facts: [(String, JSONValue)] = [("center", answer.center.json)]
    if let steps = answer.steps { facts.append(("steps", .array(steps.positions.map { .double($0) }))) }
    return facts
  }

  public static func manifestFields(answer bytes: [UInt8], name: String) throws -> [(String, JSONValue)] {
    manifestFields(try RotateAnswer.parse(bytes, name: name))
  }

  /// `angle` (and `step` for a stepped answer).
  static func manifestFields(_ answer: RotateAnswer) -> [(String, JSONValue)] {
    var fields: [(String, JSONValue)] = [("angle", .double(answer.angle))]
    if let s = answer.steps { fields.append(("step", .int(Int64(s.index)))) }
    return fields
  }
}
