import CaptchaImaging
import CaptchaSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many pixels may differ before two images count as different: an absolute count
/// (`--max-pixels 25`) or a share of the expected image's pixels (`--max-pixels 0.5%`).
public enum PixelAllowance: Equatable, Sendable, CustomStringConvertible {
  case count(Int)
  case percent(Double)

  /// True when `differing` pixels out of `total` are within this allowance.
  public func allows(_ differing: Int, of total: Int) -> Bool {
    switch self {
    case .count(let n): return differing <= n
    case .percent(let p):
      guard total > 0 else { return differing == 0 }
      // Compare in integers where possible: differing / total ≤ p / 100.
      return Double(differing) * 100 <= p * Double(total)
    }
  }

  /// The form the user wrote: `25` or `0.5%`.
  public var description: String {
    switch self {
    case .count(let n): return String(n)
    case .percent(let p):
      return (p == p.rounded() && p < 1e15 ? String(Int(p)) : String(p)) + "%"
    }
  }
}

/// The thresholds under which `compare` still calls two images equal.
public struct CompareThresholds: Equatable, Sendable {
  /// The largest absolute difference in any one channel (R, G, B or A, 0…255) a pixel may have and
  /// still count as equal. 0 means exact.
  public var maxChannelDifference: Int
  /// How many pixels may differ (after the antialiasing rule, if on).
  public var allowedPixels: PixelAllowance
  /// Forgive differences that look like antialiasing; see `AntialiasRule`.
  public var antialiasing: Bool

  public init(
    maxChannelDifference: Int = 0, allowedPixels: PixelAllowance = .count(0), antialiasing: Bool = false
  ) {
    self.maxChannelDifference = maxChannelDifference
    self.allowedPixels = allowedPixels
    self.antialiasing = antialiasing
  }

  /// Exact comparison: no channel tolerance, no differing pixel, no antialiasing rule.
  public static let exact = CompareThresholds()

  /// Throws a usage error when the channel tolerance is outside 0…255.
  public func validate() throws {
    guard (0...255).contains(maxChannelDifference) else {
      throw CaptchaError(
        .usage, "The channel tolerance \(maxChannelDifference) is outside 0…255.")
    }
  }
}
