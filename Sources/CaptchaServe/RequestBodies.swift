import CaptchaKit
import CaptchaProofOfWork
import CaptchaService

/// `POST /v1/challenges` body: `{"kind"?: "slide", "sitekey"?: "…", "inline_images"?: true,
/// "client"?: {"webdriver": true}}` (the client's word that it is automation, for the analytics).
struct IssueRequestBody: Decodable {
  var kind: String?
  var sitekey: String?
  var inlineImages: Bool?
  var client: ClientBody?

  enum CodingKeys: String, CodingKey {
    case kind, sitekey, client
    case inlineImages = "inline_images"
  }
}

/// A body's `client` object: what the widget says about itself and its answer, for the analytics
/// only (it never changes a verdict). `attempt` a whole number from 1; times in milliseconds, 0 or
/// more.
struct ClientBody: Decodable {
  var attempt: Double?
  var shownMs: Double?
  var solveMs: Double?
  var powMs: Double?
  var webdriver: Bool?

  enum CodingKeys: String, CodingKey {
    case attempt, webdriver
    case shownMs = "shown_ms"
    case solveMs = "solve_ms"
    case powMs = "pow_ms"
  }

  /// The library's `ClientReport`; a 400 `APIError` naming the field for an attempt that is not a
  /// whole number from 1, or a time below 0.
  func report() throws -> ClientReport {
    let attempt = try self.attempt.map { value -> Int in
      guard value == value.rounded(), let whole = Int(exactly: value), whole >= 1 else {
        throw APIError(.badRequest, "\"client.attempt\" must be a whole number from 1")
      }
      return whole
    }
    for (name, value) in [("shown_ms", shownMs), ("solve_ms", solveMs), ("pow_ms", powMs)] {
      if let value, !(value >= 0) {
        throw APIError(.badRequest, "\"client.\(name)\" must be a number of milliseconds, 0 or more")
      }
    }
    return ClientReport(
      attempt: attempt, shownMs: shownMs, solveMs: solveMs, powMs: powMs, webdriver: webdriver ?? false)
  }
}

/// `POST /v1/challenges/{id}/verify` body: the answer in the fields of its kind, an optional drag
/// track, an optional display width, the proof of work's solution and what the widget says about
/// the answer (`client`, for the analytics).
struct VerifyRequestBody: Decodable {
  var x: Double?
  var y: Double?
  var angle: Double?
  /// A whole number; read as a number so that 1.5 gets a sentence of its own.
  var step: Double?
  var path: [[Double]]?
  var track: [TrackSample]?
  var displayWidth: Double?
  var pow: PowBody?
  var client: ClientBody?

  enum CodingKeys: String, CodingKey {
    case x, y, angle, step, path, track, pow, client
    case displayWidth = "display_width"
  }

  /// `"pow": {"nonces": [...]}`: whole numbers 0…2^32-1, one per puzzle (read as numbers so that
  /// -1 or 1.5 gets a sentence of its own).
  struct PowBody: Decodable {
    var nonces: [Double]
  }

  /// The proof of work's solution, if the body has one; a 400 `APIError` for more nonces than any
  /// challenge has puzzles or a nonce that is not a whole number 0…2^32-1.
  func powSolution() throws -> PowSolution? {
    guard let pow else { return nil }
    guard pow.nonces.count <= PowSolution.maxNonces else {
      throw APIError(
        .badRequest,
        "\"pow.nonces\" has \(pow.nonces.count) entries; a solution has at most \(PowSolution.maxNonces)")
    }
    let nonces = try pow.nonces.enumerated().map { index, value -> UInt32 in
      guard value == value.rounded(), let nonce = UInt32(exactly: value) else {
        throw APIError(.badRequest, "\"pow.nonces[\(index)]\" must be a whole number from 0 to 4294967295")
      }
      return nonce
    }
    return PowSolution(nonces: nonces)
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
