/// Every option a captcha can be made with, by identity. Library errors name options through these
/// values (`Sentence`), never by a front end's spelling: the command line writes `--piece-size`,
/// sites.json `piece_size`.
public enum CaptchaOption: String, CaseIterable, Sendable {
  case kind
  case steps
  case length
  case size
  case fit
  case pieceSize = "piece-size"
  case shape
  case shapePath = "shape-path"
  case shapeFile = "shape-file"
  case fillRule = "fill-rule"
  case pieceRotation = "piece-rotation"
  case mode
  case tolerance
  case format
  case quality
  case difficulty
  case holeStyle = "hole-style"
  case holeOpacity = "hole-opacity"
  case pieceLayout = "piece-layout"
  case pieceShadow = "piece-shadow"
  case shadowOffset = "shadow-offset"
  case shadowBlur = "shadow-blur"
  case shadowOpacity = "shadow-opacity"
  case pieceBevel = "piece-bevel"
  case bevelWidth = "bevel-width"
  case bevelStrength = "bevel-strength"
  case maxPixels = "max-pixels"
  case noFsync = "no-fsync"
  case threads
  case vary
  case varyCrop = "vary-crop"
  case varyRotation = "vary-rotation"
  case varyColor = "vary-color"
  case varyNoise = "vary-noise"
  case decoys
  case styleKey = "style-key"

  /// The option's words joined by `separator` (`piece-size`, `piece_size`).
  public func words(joinedBy separator: String) -> String {
    rawValue.split(separator: "-").joined(separator: separator)
  }
}
