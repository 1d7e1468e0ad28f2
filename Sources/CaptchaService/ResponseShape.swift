import CaptchaKit

/// Which fields of a verify request answer which kind, checked before the kind judges the answer so
/// the error names the API's fields (`x`, `angle`, `path`…) rather than the command line's options.
enum ResponseShape {
  /// `.responseDoesNotFit` when `response` lacks the field `kind` is answered with, carries a field
  /// of another kind, or has a display width that is not a positive number.
  static func check(_ response: ClientResponse, kind: String) throws {
    if let width = response.displayWidth, !(width.isFinite && width > 0) {
      throw ChallengeServiceError.responseDoesNotFit("\"display_width\" must be a positive number")
    }
    let given: [(field: String, present: Bool)] = [
      ("x", response.x != nil), ("y", response.y != nil), ("angle", response.angle != nil),
      ("step", response.step != nil), ("path", response.path != nil),
    ]
    let (answeredWith, allowed): (String, Set<String>)
    switch kind {
    case RotateKind.name: (answeredWith, allowed) = ("\"angle\" (or \"step\")", ["angle", "step"])
    case PatternKind.name: (answeredWith, allowed) = ("\"path\" (or \"track\")", ["path"])
    default: (answeredWith, allowed) = ("\"x\" (or \"step\")", ["x", "y", "step"])
    }
    if let stray = given.first(where: { $0.present && !allowed.contains($0.field) }) {
      throw ChallengeServiceError.responseDoesNotFit(
        "a \(kind) challenge is answered with \(answeredWith), not \"\(stray.field)\"")
    }
    let answered =
      given.contains { $0.present && allowed.contains($0.field) && $0.field != "y" }
      || (kind == PatternKind.name && response.track != nil)
    guard answered else {
      throw ChallengeServiceError.responseDoesNotFit("a \(kind) challenge is answered with \(answeredWith)")
    }
  }
}

extension ClientResponse {
  /// The response in background pixels: with a display width, x, y, the path and the track's points
  /// are multiplied by `width / displayWidth` (as `verify --display-width` does) and the display
  /// width is dropped; angles and times are unchanged.
  func scaledToBackground(width: Int) -> ClientResponse {
    guard let displayWidth else { return self }
    let factor = Double(width) / displayWidth
    var scaled = self
    scaled.displayWidth = nil
    scaled.x = x.map { $0 * factor }
    scaled.y = y.map { $0 * factor }
    scaled.path = path?.map { Point($0.x * factor, $0.y * factor) }
    scaled.track = track.map { track in
      DragTrack(samples: track.samples.map { TrackSample(t: $0.t, x: $0.x * factor, y: $0.y * factor) })
    }
    return scaled
  }
}
