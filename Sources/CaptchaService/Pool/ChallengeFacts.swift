import CaptchaKit

/// What a client is told about a challenge, read from its answer.json: the sizes of the pictures
/// and the kind's public geometry (`CaptchaKind.clientFacts`). Nothing here gives the answer away
/// (slide's target, rotate's angle and pattern's sequence stay in the store).
public struct ChallengeFacts: Sendable {
  /// The background's size in pixels.
  public var width: Int
  public var height: Int
  /// piece.png's size in pixels (the pattern kind's hint picture).
  public var pieceWidth: Int
  public var pieceHeight: Int
  /// The kind's own facts, as members of the API's challenge object (slide: `start`, `mode`;
  /// rotate: `center`; pattern: `dots`, `radius`, `length`; `steps` when stepped).
  public var kindFacts: [(String, JSONValue)]

  /// The facts of the answer.json `bytes` of a captcha of `kind`.
  public init(answer bytes: [UInt8], kind: any CaptchaKind.Type) throws {
    let header = try AnswerHeader.decode(bytes, name: "answer")
    width = header.background.width
    height = header.background.height
    pieceWidth = header.piece.width
    pieceHeight = header.piece.height
    kindFacts = try kind.clientFacts(answer: bytes, name: "answer")
  }

  /// The kind's fact called `name` (`start`, `center`, `dots`…), if it has one.
  public subscript(name: String) -> JSONValue? {
    kindFacts.first { $0.0 == name }?.1
  }

  /// The facts as JSON members, in the order of the API's challenge object.
  public var jsonMembers: [(String, JSONValue)] {
    [
      ("width", .int(Int64(width))), ("height", .int(Int64(height))),
      ("piece_width", .int(Int64(pieceWidth))), ("piece_height", .int(Int64(pieceHeight))),
    ] + kindFacts
  }
}
