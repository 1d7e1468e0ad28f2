import CaptchaImaging
public import CaptchaSupport
import VectorRaster

/// A piece rotation in degrees (positive turns clockwise on screen): one angle (`30`) or a range
/// (`-20:20`) from which each captcha draws its angle with the project's PRNG. (The command line
/// reads `--piece-rotation DEG|A:B` into one; angles there are limited to ±`limit`.)
///
/// Angles drawn from a range are whole tenths of a degree, so they print exactly in answer.json.
public struct RotationSpec: Equatable, Sendable, CustomStringConvertible {
  /// Smallest angle, in degrees.
  public var lower: Double
  /// Largest angle, in degrees (equal to `lower` for a fixed angle).
  public var upper: Double

  /// Largest accepted magnitude of an angle.
  public static let limit = 360.0

  /// A fixed angle.
  public static func fixed(_ degrees: Double) -> RotationSpec {
    RotationSpec(lower: degrees, upper: degrees)
  }

  public init(lower: Double, upper: Double) {
    self.lower = lower
    self.upper = upper
  }

  public var isFixed: Bool { lower == upper }

  public var description: String {
    isFixed ? Self.format(lower) : "\(Self.format(lower)):\(Self.format(upper))"
  }

  /// The angle for `seed`: `lower` when fixed, else a tenth of a degree drawn uniformly from the
  /// range with its own PRNG stream (so it never shifts other random choices).
  public func draw(seed: UInt64) -> Double {
    var rng = Xoshiro256StarStar(seed: seed, stream: 0x726f_7461_7465)  // "rotate"
    return draw(rng: &rng)
  }

  /// The angle drawn from `rng` (nothing drawn when fixed).
  public func draw(rng: inout Xoshiro256StarStar) -> Double {
    guard !isFixed else { return lower }
    let lo = Int((lower * 10).rounded(.up))
    let hi = Int((upper * 10).rounded(.down))
    guard lo < hi else { return lower }
    return Double(rng.nextInt(in: lo...hi)) / 10
  }

  static func format(_ v: Double) -> String {
    v == v.rounded() ? String(Int(v)) : String(v)
  }
}
