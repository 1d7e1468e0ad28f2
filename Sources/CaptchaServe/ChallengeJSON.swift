import CaptchaService
import CaptchaSupport
import Foundation

/// The challenge object `POST /v1/challenges` answers with (docs: serve-api, openapi.json).
enum ChallengeJSON {
  /// `issued` as JSON: id, kind, expires_at, the picture URLs (or data: URLs with `inlineImages`),
  /// the kind's public facts (a no-puzzle challenge has neither), the proof of work, whether the
  /// no-puzzle challenge may be asked for instead, and with `dev` the answer.
  static func value(_ issued: IssuedChallenge, inlineImages: Bool, dev: Bool) -> JSONValue {
    let base = "/v1/challenges/\(issued.id)"
    var members: [(String, JSONValue)] = [
      ("id", .string(issued.id)),
      ("kind", .string(issued.kind)),
      ("expires_at", .string(issued.expiresAt.formatted(.iso8601))),
    ]
    if let ready = issued.ready {
      members += [
        ("background", .string(inlineImages ? dataURL(ready.background) : base + "/background")),
        ("piece", .string(inlineImages ? dataURL(ready.piece) : base + "/piece")),
      ]
      members += ready.facts.jsonMembers
    }
    if let pow = issued.pow { members.append(("pow", pow.json)) }
    if issued.noPuzzleOffered { members.append(("no_puzzle", .bool(true))) }
    if dev, let ready = issued.ready { members.append(("answer", ready.answerJSON)) }
    return .object(members)
  }

  /// `data:image/png;base64,…`
  static func dataURL(_ picture: StoredPicture) -> String {
    "data:\(picture.mediaType);base64," + Data(picture.bytes).base64EncodedString()
  }
}
