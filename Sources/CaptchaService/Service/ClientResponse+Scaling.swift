import CaptchaKit

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
