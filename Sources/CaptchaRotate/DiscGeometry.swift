import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
public import VectorRaster

/// Where the disc sits: centred on the background, `radius` px, and the hole around it `gap` px
/// wider. piece.png is the disc's `diameter`² box, whose top-left corner is `pieceOrigin`.
public struct DiscGeometry: Equatable, Sendable {
  /// The disc's centre on the background (a pixel corner, so the piece box is whole pixels).
  public var centerX: Int
  public var centerY: Int
  public var radius: Int
  /// Width of the band between the disc's rim and the hole's edge.
  public var gap: Int

  public var diameter: Int { 2 * radius }
  public var holeRadius: Int { radius + gap }
  public var pieceBox: PixelRect {
    PixelRect(x: centerX - radius, y: centerY - radius, width: diameter, height: diameter)
  }

  /// Pixels the hole must keep from the background's edge (the surround its fill colour is read from).
  static let margin = 2

  public init(centerX: Int, centerY: Int, radius: Int, gap: Int) {
    self.centerX = centerX
    self.centerY = centerY
    self.radius = radius
    self.gap = gap
  }

  /// The geometry for a `width`×`height` background: the disc `diameter` (default 3/4 of the
  /// shorter side, rounded down to even; the widget's ring, 1.22 times the disc's radius, then
  /// still lies inside the picture) and the gap `gapFraction` of its radius. `OptionError`,
  /// naming `name` and the sizes, when the hole does not fit.
  public static func fitting(
    width: Int, height: Int, diameter: Int?, gapFraction: Double, name: String
  ) throws -> DiscGeometry {
    let d = (diameter ?? min(width, height) * 3 / 4) / 2 * 2
    let r = d / 2
    let gap = gapFraction == 0 ? 0 : max(2, Int((Double(r) * gapFraction).rounded()))
    let need = 2 * (r + gap + margin)
    guard r >= 8, need <= min(width, height) else {
      throw OptionError(
        "\(name): the \(width)×\(height) background is too small for a \(d) px rotate disc and its gap "
          + "(needs at least \(need)×\(need)); use a smaller \(CaptchaOption.pieceSize) or a larger \(CaptchaOption.size)"
      )
    }
    return DiscGeometry(centerX: width / 2, centerY: height / 2, radius: r, gap: gap)
  }

  /// Squared distance from the centre of pixel (x, y) to the disc centre, times 4 (exact integers).
  @inline(__always) func distance4(_ x: Int, _ y: Int) -> Int {
    let dx = 2 * (x - centerX) + 1
    let dy = 2 * (y - centerY) + 1
    return dx * dx + dy * dy
  }
}
