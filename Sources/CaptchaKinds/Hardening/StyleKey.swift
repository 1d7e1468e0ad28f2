import CaptchaImaging
import CaptchaSupport
import VectorRaster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A deployment's own family of looks, drawn from a secret (`--style-key`, or the environment
/// variable `CAPTCHA_STYLE_KEY`; issue 12): the recess light's direction, strength and palette,
/// how the lent texture is laid in and how strong it is, the jigsaw family's knob and neck sizes
/// (piece and twins alike) and the rim's width. A solver trained on the public look, or on
/// another key's, meets pictures whose details it has not seen; the same key and seed still give
/// the same captcha. The secret is never written anywhere: answer.json records only
/// `fingerprint`, a short hash that tells keys apart without revealing them.
public struct StyleKey: Equatable, Sendable {
  /// Everything the key decides, drawn once from its hash.
  public struct Family: Equatable, Sendable {
    public var light: Int
    public var lightStrength: Double
    public var tint: TexturedHole.Tint
    public var textureGain: Double
    var orientation: PhotoTexture.Orientation
    public var knobScale: Double
    public var neckScale: Double
    public var rimWidth: Double
  }

  /// The environment variable read when `--style-key` is not given.
  public static let environmentVariable = "CAPTCHA_STYLE_KEY"

  /// The family of looks this key draws.
  public let family: Family
  /// 8 hex digits identifying the key in answer.json (a separate hash: it says nothing about the
  /// numbers the key draws).
  public let fingerprint: String

  /// A key from its secret; `.usage` error when the secret is empty.
  public init(secret: String) throws {
    guard !secret.isEmpty else {
      throw CaptchaError(.usage, "--style-key is empty; give a secret of at least one character")
    }
    let digest = SHA256.hash(Array("captcha-gen style key\u{0}\(secret)".utf8))
    let seed = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    fingerprint = String(
      SHA256.hexDigest(Array("captcha-gen style fingerprint\u{0}\(secret)".utf8)).prefix(8))
    var rng = Xoshiro256StarStar(seed: seed, stream: 0x6b6579)  // "key"
    let palette = Self.palettes[Int(rng.next(below: UInt64(Self.palettes.count)))]
    family = Family(
      light: Int(rng.next(below: 8)),
      lightStrength: rng.nextDouble(in: 0.6, 0.9),
      tint: TexturedHole.Tint(r: palette.0, g: palette.1, b: palette.2),
      textureGain: rng.nextDouble(in: 0.8, 1.2),
      orientation: PhotoTexture.Orientation.allCases[Int(rng.next(below: 3))],
      knobScale: rng.nextDouble(in: 0.88, 1.12),
      neckScale: rng.nextDouble(in: 0.9, 1.1),
      rimWidth: rng.nextDouble(in: 3.5, 4.5))
  }

  /// Shadow palettes: how each channel follows the recess light (neutral, warm, cool, green,
  /// violet, sepia).
  static let palettes: [(Double, Double, Double)] = [
    (1, 1, 1), (1.2, 1, 0.75), (0.8, 0.95, 1.25), (0.85, 1.15, 0.9), (1.1, 0.8, 1.15), (1.15, 1.0, 0.8),
  ]

  /// The secret in `CAPTCHA_STYLE_KEY`, nil when it is unset or empty.
  public static func secretFromEnvironment() -> String? {
    guard let value = getenv(environmentVariable) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }

  /// Restyles the hardened look in `options` with the key's family: a `TexturedHole` takes its
  /// light, palette and texture; a jigsaw piece its knob family; an opaque rim its width. Other
  /// styles chosen explicitly are left as they are.
  public func apply(to options: inout MakeOptions) {
    if var hole = options.holeStyle as? TexturedHole {
      hole.light = family.light
      hole.opacity = family.lightStrength
      hole.shadowTint = family.tint
      hole.textureGain = family.textureGain
      hole.orientation = family.orientation
      options.holeStyle = hole
    }
    if options.shape is JigsawShape {
      options.shape = JigsawShape(knobScale: family.knobScale, neckScale: family.neckScale)
    }
    if options.pieceStyle.rimOpacity == 1 && options.pieceStyle.rimWidth > 0 {
      options.pieceStyle.rimWidth = family.rimWidth
    }
  }
}

extension MakeOptions {
  /// The options with `styleKey`'s family applied (themselves when there is no key).
  public func styled() -> MakeOptions {
    guard let key = styleKey else { return self }
    var out = self
    key.apply(to: &out)
    return out
  }
}
