import CaptchaImaging
import CaptchaSupport
public import VectorRaster

/// A user's own outline, from SVG path data (`--shape-path`) or an SVG file (`--shape-file`),
/// scaled uniformly to the piece box (keeping its aspect ratio) and centred in it.
///
/// Only the outline's geometry is used: its own coordinates, `viewBox` and any SVG `transform`
/// are ignored, since the outline is refitted to the box anyway. Use `.evenodd` for outlines with
/// holes drawn in the same direction as the outside (a ring).
public struct CustomShape: PieceShape, Equatable {
  /// The outline as parsed, in its own coordinates.
  public let outline: Path
  public let fillRule: FillRule
  /// Where the outline came from (a file path, or "the custom outline" for path data), for messages.
  public let source: String

  public var name: String { "custom" }

  /// Largest shape file read, in bytes.
  public static let maxFileBytes = 4 << 20

  /// Parses SVG path data. `source` names the data in error messages.
  ///
  /// - Throws: `.badData` for invalid or empty path data, or an outline with zero width or
  ///   height (or non-finite extent), each message starting with `source`.
  public init(pathData: String, fillRule: FillRule = .nonzero, source: String = "the custom outline") throws {
    let parsed: Path
    do {
      parsed = try SVGPathParser.parse(pathData)
    } catch let e as PathError {
      throw CaptchaError(.badData, "\(source): invalid path data: \(e.message)")
    }
    try self.init(path: parsed, fillRule: fillRule, source: source)
  }

  /// The box (in pixels) the outline is filled in to measure its area, and the least area (in
  /// square pixels of that box) an outline must fill: less would make an invisible piece.
  static let areaCheckBox = 256
  static let minimumFilledArea = 1.0

  /// Wraps an already built outline, checking that it can be scaled to a box and that, so
  /// scaled, it fills some area under `fillRule` (an open line, or a contour folding back on
  /// itself, has a bounding box but nothing inside).
  public init(path: Path, fillRule: FillRule = .nonzero, source: String = "custom shape") throws {
    guard let b = path.bounds else {
      throw CaptchaError(.badData, "\(source): the path data is empty; it needs at least one contour")
    }
    guard b.minX.isFinite, b.minY.isFinite, b.maxX.isFinite, b.maxY.isFinite, b.width.isFinite,
      b.height.isFinite
    else {
      throw CaptchaError(.badData, "\(source): the path's coordinates are too large to scale")
    }
    guard b.width > 0, b.height > 0 else {
      throw CaptchaError(
        .badData,
        "\(source): the path has zero width or height (\(b.width)×\(b.height)), so it has no area to fill")
    }
    // Scaling to any box up to 65536 px must stay finite (a denormal-sized outline would not).
    guard path.fitted(toBox: 65536) != nil else {
      throw CaptchaError(
        .badData, "\(source): the path is too small (\(b.width)×\(b.height)) to scale to a piece")
    }
    try Self.checkFilledArea(path, fillRule, source)
    self.outline = path
    self.fillRule = fillRule
    self.source = source
  }

  /// Fills the outline fitted to `areaCheckBox` and refuses it when it covers less than
  /// `minimumFilledArea`.
  static func checkFilledArea(_ path: Path, _ rule: FillRule, _ source: String) throws {
    let size = areaCheckBox
    guard let fitted = path.fitted(toBox: Double(size)) else { return }
    let mask: CoverageMask
    do {
      mask = try fitted.fill(rule: rule, clip: PixelRect(x: 0, y: 0, width: size, height: size))
    } catch let e as PathError {
      let mapped = CaptchaError(e)
      throw CaptchaError(mapped.kind, "\(source): \(mapped.message)")
    }
    var total = 0
    for v in mask.data { total += Int(v) }
    let area = Double(total) / 255
    guard area >= minimumFilledArea else {
      throw CaptchaError(
        .badData,
        "\(source): the outline encloses no area (it fills \((area * 100).rounded() / 100) px² of \(size)×\(size) px when scaled to a piece), so the piece would be invisible; give a closed shape with an inside"
      )
    }
  }

  /// Loads `file`: an SVG document (the `d` attribute of its first `<path>` element that has
  /// one) or a text file holding only path data.
  ///
  /// - Throws: `.missingInput` when the file cannot be opened; `.badData` when it is not UTF-8
  ///   text, is too large, has no path, or its path data is invalid or has no area. Every message
  ///   names the file.
  public static func load(file: String, fillRule: FillRule = .nonzero) throws -> CustomShape {
    let bytes = try ImageCodec.readFile(path: file)
    guard bytes.count <= maxFileBytes else {
      throw CaptchaError(
        .badData, "\(file): the shape file is larger than \(maxFileBytes >> 20) MB; expected an SVG outline")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw CaptchaError(.badData, "\(file): not a UTF-8 text file; expected an SVG file or SVG path data")
    }
    let data: String
    switch SVGPathExtractor.pathData(in: text) {
    case .pathData(let d): data = d
    case .noPath:
      throw CaptchaError(.badData, "\(file): the SVG has no <path> element with a d attribute")
    case .notSVG: data = text
    }
    return try CustomShape(pathData: data, fillRule: fillRule, source: file)
  }

  public func path(size: Double, seed: UInt64) -> Path {
    outline.fitted(toBox: size) ?? outline
  }
}
