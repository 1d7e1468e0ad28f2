import CaptchaService
import CaptchaSupport
import Foundation

/// The challenge object `POST /v1/challenges` answers with (docs: serve-api, openapi.json).
enum ChallengeJSON {
  /// `issued` as JSON: id, kind, expires_at, the picture URLs (or data: URLs with `inlineImages`, in
  /// a format its `Accept` allows), the kind's public facts (a no-puzzle challenge has neither), the
  /// proof of work, whether the no-puzzle challenge may be asked for instead, and with `dev` the
  /// answer.
  static func value(_ issued: IssuedChallenge, inlineImages: InlineImages?, dev: Bool) throws -> JSONValue {
    let base = "/v1/challenges/\(issued.id)"
    var members: [(String, JSONValue)] = [
      ("id", .string(issued.id)),
      ("kind", .string(issued.kind.name)),
      ("expires_at", .string(issued.expiresAt.formatted(.iso8601))),
    ]
    if let ready = issued.ready {
      members += [
        ("background", .string(try inlineImages?.dataURL(ready.background) ?? base + "/background")),
        ("piece", .string(try inlineImages?.dataURL(ready.piece) ?? base + "/piece")),
      ]
      members += ready.facts.jsonMembers
    }
    if let pow = issued.pow { members.append(("pow", pow.json)) }
    if issued.noPuzzleOffered { members.append(("no_puzzle", .bool(true))) }
    if dev, let ready = issued.ready { members.append(("answer", ready.answerJSON)) }
    return .object(members)
  }

}

/// Pictures sent inside the challenge's JSON (`"inline_images": true`), in a format the request's
/// `Accept` header allows (`PictureNegotiation`).
struct InlineImages {
  let accept: String?

  /// `data:image/png;base64,…`
  func dataURL(_ stored: StoredPicture) throws -> String {
    let picture = try PictureNegotiation.deliverable(stored, accept: accept)
    return "data:\(picture.mediaType);base64," + Data(picture.bytes).base64EncodedString()
  }
}
