import CaptchaKit

/// What a client is told about a challenge, read from its answer.json: the sizes of the pictures
/// and each kind's public geometry. Nothing here gives the answer away (slide's target, rotate's
/// angle and pattern's sequence stay in the store).
public struct ChallengeFacts: Sendable, Equatable {
  /// The background's size in pixels.
  public var width: Int
  public var height: Int
  /// piece.png's size in pixels (the pattern kind's hint picture).
  public var pieceWidth: Int
  public var pieceHeight: Int
  /// Slide: where piece.png's top-left corner starts, and the drag mode.
  public var start: PiecePosition?
  public var mode: DragMode?
  /// Rotate: the disc's centre on the background.
  public var center: PiecePosition?
  /// Pattern: the dot centres in reading order, the snap radius and how many dots to connect.
  public var dots: [PiecePosition]?
  public var radius: Int?
  public var length: Int?
  /// With `--steps`: the stops (slide x positions or rotate angles).
  public var steps: [Double]?

  /// The facts of the answer.json `bytes` of a `kind` captcha.
  public init(answer bytes: [UInt8], kind: String) throws {
    let header = try AnswerHeader.decode(bytes, name: "answer")
    width = header.background.width
    height = header.background.height
    pieceWidth = header.piece.width
    pieceHeight = header.piece.height
    switch kind {
    case RotateKind.name:
      let answer = try RotateAnswer.parse(bytes, name: "answer")
      center = answer.center
      steps = answer.steps?.positions
    case PatternKind.name:
      let answer = try PatternAnswer.parse(bytes, name: "answer")
      dots = answer.dots
      radius = answer.radius
      length = answer.sequence.count
    default:
      let answer = try SlideAnswer.parse(bytes, name: "answer")
      start = answer.start
      mode = answer.mode
      steps = answer.steps?.positions
    }
  }

  /// The facts as JSON members, in the order of the API's challenge object; absent facts are left out.
  public var jsonMembers: [(String, JSONValue)] {
    func point(_ p: PiecePosition) -> JSONValue {
      .object([("x", .int(Int64(p.x))), ("y", .int(Int64(p.y)))])
    }
    var members: [(String, JSONValue)] = [
      ("width", .int(Int64(width))), ("height", .int(Int64(height))),
      ("piece_width", .int(Int64(pieceWidth))), ("piece_height", .int(Int64(pieceHeight))),
    ]
    if let start { members.append(("start", point(start))) }
    if let mode { members.append(("mode", .string(mode.rawValue))) }
    if let center { members.append(("center", point(center))) }
    if let dots { members.append(("dots", .array(dots.map(point)))) }
    if let radius { members.append(("radius", .int(Int64(radius)))) }
    if let length { members.append(("length", .int(Int64(length)))) }
    if let steps { members.append(("steps", .array(steps.map { .double($0) }))) }
    return members
  }
}
