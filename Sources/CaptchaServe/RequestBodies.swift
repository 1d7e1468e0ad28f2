import CaptchaKit

/// `POST /v1/challenges` body: `{"kind"?: "slide", "sitekey"?: "…", "inline_images"?: true}`.
struct IssueRequestBody: Decodable {
  var kind: String?
  var sitekey: String?
  var inlineImages: Bool?

  enum CodingKeys: String, CodingKey {
    case kind, sitekey
    case inlineImages = "inline_images"
  }
}

/// `POST /v1/challenges/{id}/verify` body: the answer in the fields of its kind, an optional drag
/// track and an optional display width.
struct VerifyRequestBody: Decodable {
  var x: Double?
  var y: Double?
  var angle: Double?
  /// A whole number; read as a number so that 1.5 gets a sentence of its own.
  var step: Double?
  var path: [[Double]]?
  var track: [TrackSample]?
  var displayWidth: Double?

  enum CodingKeys: String, CodingKey {
    case x, y, angle, step, path, track
    case displayWidth = "display_width"
  }

  /// The body as the library's `ClientResponse`; a 400 `APIError` naming the field when a path
  /// point is not `[x, y]`, a track is not in time order, or the display width is not positive.
  func clientResponse() throws -> ClientResponse {
    let points = try path.map { points in
      try points.enumerated().map { index, pair in
        guard pair.count == 2 else {
          throw APIError(.badRequest, "\"path[\(index)]\" must be a pair [x, y]")
        }
        return Point(pair[0], pair[1])
      }
    }
    let stop = try step.map { value -> Int in
      guard value == value.rounded(), let whole = Int(exactly: value) else {
        throw APIError(.badRequest, "\"step\" must be a whole number")
      }
      return whole
    }
    if let width = displayWidth, !(width > 0) {
      throw APIError(.badRequest, "\"display_width\" must be a positive number")
    }
    let dragTrack = try track.map { samples in
      do {
        return try DragTrack.validated(samples, name: "\"track\"")
      } catch let error as CaptchaError {
        throw APIError(.badRequest, error.message)
      }
    }
    return ClientResponse(
      x: x, y: y, displayWidth: displayWidth, track: dragTrack, path: points, angle: angle, step: stop)
  }
}
