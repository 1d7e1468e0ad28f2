public import CaptchaHoles
import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The look a captcha was made with, recorded in answer.json after schema 1's own fields so the
/// captcha can be reproduced from its answer. Only what differs from the defaults is written, so
/// a default captcha's answer.json is unchanged:
///
/// - `piece.rotation`: degrees the piece was turned by (when `--piece-rotation` was given; for a
///   range, the angle drawn for this seed);
/// - `piece.padding`: `{left, top, right, bottom}` pixels piece.png extends beyond the piece's
///   square box (a drop shadow's room); `start`/`target` already account for it;
/// - `piece.shadow`: `{offset: {x, y}, blur, opacity}` of the drop shadow;
/// - `piece.bevel`: `{width, strength}` of the bevel;
/// - `hole`: `{style, opacity}` unless the hole is the default `shade` at its default strength;
/// - `style`: `{fingerprint}` of the style key the look was drawn with (`StyleKey`; never the secret).
public struct AnswerLook: Equatable, Sendable {
  /// The hole style and its strength.
  public struct Hole: Equatable, Codable, Sendable {
    public var style: String
    public var opacity: Double?

    public init(style: String, opacity: Double?) {
      self.style = style
      self.opacity = opacity
    }

    /// The record of `style`, or nil for the default hole (`ShadeHole()`).
    public init?(_ style: any HoleStyle) {
      if let shade = style as? ShadeHole, shade == ShadeHole() { return nil }
      self.init(style: style.name, opacity: (style as? any OpacityHoleStyle)?.opacity)
    }
  }

  public var rotation: Double?
  public var padding: PiecePadding?
  public var shadow: PieceShadow?
  public var bevel: PieceBevel?
  public var hole: Hole?
  /// The style key's fingerprint (`StyleKey.fingerprint`), nil for the public look.
  public var styleFingerprint: String?

  public init(
    rotation: Double? = nil, padding: PiecePadding? = nil, shadow: PieceShadow? = nil,
    bevel: PieceBevel? = nil, hole: Hole? = nil, styleFingerprint: String? = nil
  ) {
    self.rotation = rotation
    self.padding = padding
    self.shadow = shadow
    self.bevel = bevel
    self.hole = hole
    self.styleFingerprint = styleFingerprint
  }

  /// The look of a captcha made with `options` whose shape variation seed was `shapeSeed`.
  init(options: SlideOptions, shapeSeed: UInt64) {
    let padding = options.pieceShadow?.padding ?? .zero
    self.init(
      rotation: options.shape.rotation(seed: shapeSeed),
      padding: padding.isZero ? nil : padding, shadow: options.pieceShadow, bevel: options.pieceStyle.bevel,
      hole: Hole(options.holeStyle), styleFingerprint: options.styleKey?.fingerprint)
  }

}
