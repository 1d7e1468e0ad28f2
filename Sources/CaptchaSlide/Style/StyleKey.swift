import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
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
/// variable `CAPTCHA_STYLE_KEY`): the piece's outline family (knob form, knobs per side,
/// corners, knob and neck sizes; the decoys share it), the recess light's direction over the full
/// circle, width and strength, the palette of its shadow and highlight, how the lent texture is laid
/// in and how much of the surroundings it carries, the rim's width and colour, and the least
/// number of decoys (`StyleFamily`). Every key's family is drawn away from the public look's. A
/// solver trained on the public look, or on another key's, meets pictures whose details it has not
/// seen; the same key and seed still give the same captcha. The secret is never written anywhere:
/// answer.json records only `fingerprint`, a short hash that tells keys apart without revealing
/// them.
public struct StyleKey: Equatable, Sendable {
  /// The environment variable read when `--style-key` is not given.
  public static let environmentVariable = "CAPTCHA_STYLE_KEY"

  /// The family of looks this key draws.
  public let family: StyleFamily
  /// 8 hex digits identifying the key in answer.json (a separate hash: it says nothing about the
  /// numbers the key draws).
  public let fingerprint: String

  /// A key from its secret; `OptionError` when the secret is empty.
  public init(secret: String) throws {
    guard !secret.isEmpty else {
      throw OptionError("\(CaptchaOption.styleKey) is empty; give a secret of at least one character")
    }
    let digest = SHA256.hash(Array("captcha-gen style key\u{0}\(secret)".utf8))
    let seed = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    fingerprint = String(
      SHA256.hexDigest(Array("captcha-gen style fingerprint\u{0}\(secret)".utf8)).prefix(8))
    var rng = Xoshiro256StarStar(seed: seed, stream: 0x6b6579)  // "key"
    family = StyleFamily(drawing: &rng)
  }

  /// The secret in `CAPTCHA_STYLE_KEY`, nil when it is unset or empty.
  public static func secretFromEnvironment() -> String? {
    guard let value = getenv(environmentVariable) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }

  /// Restyles the hardened look in `options` with the key's family: a `TexturedHole` takes its
  /// light, palettes and texture; a jigsaw piece its outline family; an opaque rim its width and
  /// colour; decoys that are on (not twins) number at least the family's count unless the count
  /// was chosen (`DecoySettings.isCountChosen`). Other styles chosen explicitly are left as they
  /// are. Applying it twice changes nothing more.
  public func apply(to options: inout SlideOptions) {
    if var hole = options.holeStyle as? TexturedHole {
      hole.lightAngle = family.lightAngle
      hole.lightWidth = family.lightWidth
      hole.opacity = family.lightStrength
      hole.shadowTint = family.shadowTint
      hole.highlightTint = family.highlightTint
      hole.textureGain = family.textureGain
      hole.orientation = family.orientation
      hole.carry = family.carry
      options.holeStyle = hole
    }
    if options.shape is JigsawShape {
      options.shape = JigsawShape(
        knobScale: family.knobScale, neckScale: family.neckScale, form: family.knobForm, tabs: family.tabs,
        cornerRadius: family.cornerRadius)
    }
    if options.pieceStyle.rimOpacity == 1 && options.pieceStyle.rimWidth > 0 {
      options.pieceStyle.rimWidth = family.rimWidth
      options.pieceStyle.rimColour = family.rimColour
    }
    if options.decoys.count > 0 && !options.decoys.twins && !options.decoys.isCountChosen {
      options.decoys.count = max(options.decoys.count, family.decoyCount)
    }
  }
}

extension SlideOptions {
  /// The options with `styleKey`'s family applied (themselves when there is no key).
  public func styled() -> SlideOptions {
    guard let key = styleKey else { return self }
    var out = self
    key.apply(to: &out)
    return out
  }
}
