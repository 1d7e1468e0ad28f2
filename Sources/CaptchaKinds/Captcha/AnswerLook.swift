import CaptchaImaging
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
  public struct Hole: Equatable, Sendable {
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
  init(options: MakeOptions, shapeSeed: UInt64) {
    let padding = options.pieceShadow?.padding ?? .zero
    self.init(
      rotation: (options.shape as? RotatedShape)?.degrees(seed: shapeSeed),
      padding: padding.isZero ? nil : padding, shadow: options.pieceShadow, bevel: options.pieceStyle.bevel,
      hole: Hole(options.holeStyle), styleFingerprint: options.styleKey?.fingerprint)
  }

  /// Members appended to the `piece` object.
  var pieceMembers: [(String, JSONValue)] {
    var out: [(String, JSONValue)] = []
    if let r = rotation { out.append(("rotation", .double(r))) }
    if let p = padding {
      out.append(
        (
          "padding",
          .object([
            ("left", .int(Int64(p.left))), ("top", .int(Int64(p.top))), ("right", .int(Int64(p.right))),
            ("bottom", .int(Int64(p.bottom))),
          ])
        ))
    }
    if let s = shadow {
      out.append(
        (
          "shadow",
          .object([
            ("offset", .object([("x", .int(Int64(s.offsetX))), ("y", .int(Int64(s.offsetY)))])),
            ("blur", .int(Int64(s.blur))), ("opacity", .double(s.opacity)),
          ])
        ))
    }
    if let b = bevel {
      out.append(("bevel", .object([("width", .int(Int64(b.width))), ("strength", .double(b.strength))])))
    }
    return out
  }

  /// Members appended to the top-level object.
  var topMembers: [(String, JSONValue)] {
    var out: [(String, JSONValue)] = []
    if let h = hole {
      var m: [(String, JSONValue)] = [("style", .string(h.style))]
      if let o = h.opacity { m.append(("opacity", .double(o))) }
      out.append(("hole", .object(m)))
    }
    if let f = styleFingerprint { out.append(("style", .object([("fingerprint", .string(f))]))) }
    return out
  }

  /// The look's keys as decoded from answer.json (read alongside `Answer`'s own keys).
  struct Wire: Decodable {
    struct Offset: Decodable {
      var x: Int
      var y: Int
    }
    struct Shadow: Decodable {
      var offset: Offset
      var blur: Int
      var opacity: Double
    }
    struct Padding: Decodable {
      var left: Int
      var top: Int
      var right: Int
      var bottom: Int
    }
    struct Bevel: Decodable {
      var width: Int
      var strength: Double
    }
    struct Piece: Decodable {
      var rotation: Double?
      var padding: Padding?
      var shadow: Shadow?
      var bevel: Bevel?
    }
    struct Hole: Decodable {
      var style: String
      var opacity: Double?
    }
    struct Style: Decodable {
      var fingerprint: String
    }
    var piece: Piece?
    var hole: Hole?
    var style: Style?
  }

  /// The look of a decoded answer.json.
  init(_ w: Wire) {
    self.init(rotation: w.piece?.rotation)
    if let p = w.piece?.padding {
      padding = PiecePadding(left: p.left, top: p.top, right: p.right, bottom: p.bottom)
    }
    if let s = w.piece?.shadow {
      shadow = PieceShadow(offsetX: s.offset.x, offsetY: s.offset.y, blur: s.blur, opacity: s.opacity)
    }
    if let b = w.piece?.bevel { bevel = PieceBevel(width: b.width, strength: b.strength) }
    if let h = w.hole { hole = Hole(style: h.style, opacity: h.opacity) }
    styleFingerprint = w.style?.fingerprint
  }
}
