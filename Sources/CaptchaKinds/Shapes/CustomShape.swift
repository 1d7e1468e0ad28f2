import CaptchaImaging
import CaptchaSupport
import VectorRaster

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
  /// Where the outline came from (a file path or "--shape-path"), for messages.
  public let source: String

  public var name: String { "custom" }

  /// Largest shape file read, in bytes.
  public static let maxFileBytes = 4 << 20

  /// Parses SVG path data. `source` names the data in error messages.
  ///
  /// - Throws: `.badData` for invalid or empty path data, or an outline with zero width or
  ///   height (or non-finite extent), each message starting with `source`.
  public init(pathData: String, fillRule: FillRule = .nonzero, source: String = "--shape-path") throws {
    let parsed: Path
    do {
      parsed = try SVGPathParser.parse(pathData)
    } catch let e as PathError {
      throw CaptchaError(.badData, "\(source): invalid path data: \(e.message)")
    }
    try self.init(path: parsed, fillRule: fillRule, source: source)
  }

  /// Wraps an already built outline, checking that it can be scaled to a box.
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
    self.outline = path
    self.fillRule = fillRule
    self.source = source
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
