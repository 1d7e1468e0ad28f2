public import CaptchaHoles
import CaptchaImaging
public import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// Everything a style key decides, drawn once from the key's hash: the piece's outline
/// family, the recess light, its palette, the lent texture, the rim and the decoys. Each key's
/// family is drawn away from the public look's: another outline family, a light at least
/// `minimumLightTurn` degrees from the public one, a palette and a rim colour visibly off neutral
/// (`separation(from:)` counts five differences, the palette once for the shadow and once for the
/// highlight; every key has all five against `publicLook`).
///
/// The shadow and the highlight share one palette. They are the same band of light moved to
/// opposite sides of the outline, so their strengths cancel over a hole, and with one palette
/// their colours cancel too: the hole keeps the surroundings' mean colour. Two palettes left a
/// mean cast that a colour-cast detector found in 30–40% of keyed captchas (against 0% for the
/// public look); `StyleFamilyTests.testAKeyedHoleLeavesNoColourCast` guards it.
public struct StyleFamily: Equatable, Sendable {
  // The piece's outline (and the decoys', which are drawn in the same family).
  public var knobForm: KnobForm
  /// Knobs per shaped side (1 or 2).
  public var tabs: Int
  /// Corner radius against the side (0: square).
  public var cornerRadius: Double
  public var knobScale: Double
  public var neckScale: Double
  // The recess light.
  /// Degrees over the full circle (0: from the right, 90: from below).
  public var lightAngle: Double
  /// Width of the light's bands against the standard.
  public var lightWidth: Double
  /// `TexturedHole.opacity`.
  public var lightStrength: Double
  public var shadowTint: TexturedHole.Tint
  /// The highlight's palette: the shadow's (see the type's comment for why).
  public var highlightTint: TexturedHole.Tint { shadowTint }
  // The hole's lent texture.
  public var textureGain: Double
  var orientation: PhotoTexture.Orientation
  /// `TexturedHole.carry`: how much of the hole's colour continues the surroundings' shapes.
  public var carry: Double
  // The piece's rim and the decoys.
  public var rimWidth: Double
  public var rimColour: PieceStyle.RimColour
  /// At least this many decoys when decoys are on (not twins).
  public var decoyCount: Int

  /// The public (no-key) look's family, which no key draws near.
  public static let publicLook = StyleFamily(
    knobForm: .round, tabs: 1, cornerRadius: 0, knobScale: 1, neckScale: 1, lightAngle: 225, lightWidth: 1,
    lightStrength: 0.75, shadowTint: TexturedHole.Tint(), textureGain: 1,
    orientation: .upright, carry: 1, rimWidth: 4, rimColour: PieceStyle.RimColour(r: 255, g: 255, b: 255),
    decoyCount: 2)

  /// Smallest turn between a key's light and the public light, in degrees.
  public static let minimumLightTurn = 60.0
  /// Smallest offset of one channel of a key's palette from neutral (1).
  public static let minimumTintOffset = 0.25
  /// Smallest difference of one channel of a key's rim colour from white, in levels.
  public static let minimumRimOffset = 60

  /// The ranges each number is drawn from (closed below, open above).
  enum Range {
    static let cornerRadius = (0.08, 0.16)
    static let knobScale = (0.85, 1.2)
    static let neckScale = (0.85, 1.15)
    static let lightWidth = (0.8, 1.7)
    static let lightStrength = (0.6, 0.95)
    static let tintOffset = (-0.45, 0.45)
    static let textureGain = (0.65, 1.45)
    static let carry = (0.7, 1.0)
    static let rimWidth = (3.5, 5.5)
    static let decoyCount = 2...4
  }

  /// The family drawn from `rng` (a key's own stream).
  init(drawing rng: inout Xoshiro256StarStar) {
    // 16 outline families (4 forms × 1 or 2 tabs × square or round corners); 0 is the public one.
    let outline = 1 + Int(rng.next(below: 15))
    knobForm = KnobForm.allCases[outline % 4]
    tabs = 1 + (outline / 4) % 2
    cornerRadius = outline >= 8 ? rng.nextDouble(in: Range.cornerRadius.0, Range.cornerRadius.1) : 0
    knobScale = rng.nextDouble(in: Range.knobScale.0, Range.knobScale.1)
    neckScale = rng.nextDouble(in: Range.neckScale.0, Range.neckScale.1)
    let turn = Self.minimumLightTurn + rng.nextDouble() * (360 - 2 * Self.minimumLightTurn)
    lightAngle = (Self.publicLook.lightAngle + turn).truncatingRemainder(dividingBy: 360)
    lightWidth = rng.nextDouble(in: Range.lightWidth.0, Range.lightWidth.1)
    lightStrength = rng.nextDouble(in: Range.lightStrength.0, Range.lightStrength.1)
    shadowTint = Self.drawTint(&rng)
    textureGain = rng.nextDouble(in: Range.textureGain.0, Range.textureGain.1)
    orientation = PhotoTexture.Orientation.allCases[Int(rng.next(below: 3))]
    carry = rng.nextDouble(in: Range.carry.0, Range.carry.1)
    rimWidth = rng.nextDouble(in: Range.rimWidth.0, Range.rimWidth.1)
    rimColour = Self.drawRimColour(&rng)
    decoyCount =
      Range.decoyCount.lowerBound
      + Int(rng.next(below: UInt64(Range.decoyCount.count)))
  }

  init(
    knobForm: KnobForm, tabs: Int, cornerRadius: Double, knobScale: Double, neckScale: Double,
    lightAngle: Double, lightWidth: Double, lightStrength: Double, shadowTint: TexturedHole.Tint,
    textureGain: Double, orientation: PhotoTexture.Orientation,
    carry: Double, rimWidth: Double, rimColour: PieceStyle.RimColour, decoyCount: Int
  ) {
    self.knobForm = knobForm
    self.tabs = tabs
    self.cornerRadius = cornerRadius
    self.knobScale = knobScale
    self.neckScale = neckScale
    self.lightAngle = lightAngle
    self.lightWidth = lightWidth
    self.lightStrength = lightStrength
    self.shadowTint = shadowTint
    self.textureGain = textureGain
    self.orientation = orientation
    self.carry = carry
    self.rimWidth = rimWidth
    self.rimColour = rimColour
    self.decoyCount = decoyCount
  }

  /// A palette with every channel within ±0.45 of neutral and one channel (drawn) at least
  /// `minimumTintOffset` off it.
  static func drawTint(_ rng: inout Xoshiro256StarStar) -> TexturedHole.Tint {
    var c = (0..<3).map { _ in 1 + rng.nextDouble(in: Range.tintOffset.0, Range.tintOffset.1) }
    let strong = Int(rng.next(below: 3))
    let magnitude = rng.nextDouble(in: minimumTintOffset, Range.tintOffset.1)
    c[strong] = 1 + (rng.next(below: 2) == 0 ? -magnitude : magnitude)
    return TexturedHole.Tint(r: c[0], g: c[1], b: c[2])
  }

  /// A rim colour of any hue: a pastel (value 200–245, saturation 0.25–0.55) two times in three,
  /// else a dark tone (value 40–90, saturation 0.3–0.7); either way at least `minimumRimOffset`
  /// levels from white in one channel.
  static func drawRimColour(_ rng: inout Xoshiro256StarStar) -> PieceStyle.RimColour {
    let hue = rng.nextDouble(in: 0, 6)
    let dark = rng.next(below: 3) == 0
    let value = dark ? rng.nextDouble(in: 40, 90) : rng.nextDouble(in: 200, 245)
    let saturation = dark ? rng.nextDouble(in: 0.3, 0.7) : rng.nextDouble(in: 0.25, 0.55)
    // HSV to RGB: the hue's sector picks which channel is the maximum, which the minimum.
    let low = value * (1 - saturation)
    let sector = Int(hue)
    let f = hue - Double(sector)
    let falling = value - (value - low) * f
    let rising = low + (value - low) * f
    let rgb: (Double, Double, Double)
    switch sector {
    case 0: rgb = (value, rising, low)
    case 1: rgb = (falling, value, low)
    case 2: rgb = (low, value, rising)
    case 3: rgb = (low, falling, value)
    case 4: rgb = (rising, low, value)
    default: rgb = (value, low, falling)
    }
    func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v.rounded()))) }
    return PieceStyle.RimColour(r: byte(rgb.0), g: byte(rgb.1), b: byte(rgb.2))
  }

  /// How many of the five visible traits differ between this family and `other`: the outline
  /// family (form, tabs or corners), the light (by at least `minimumLightTurn`), the shadow's and
  /// the highlight's palettes (one channel by at least `minimumTintOffset`), the rim colour (one
  /// channel by at least `minimumRimOffset`).
  public func separation(from other: StyleFamily) -> Int {
    func tintsDiffer(_ a: TexturedHole.Tint, _ b: TexturedHole.Tint) -> Bool {
      max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b)) >= Self.minimumTintOffset - 1e-9
    }
    let turn = abs((lightAngle - other.lightAngle + 540).truncatingRemainder(dividingBy: 360) - 180)
    let rimOffset = max(
      abs(Int(rimColour.r) - Int(other.rimColour.r)), abs(Int(rimColour.g) - Int(other.rimColour.g)),
      abs(Int(rimColour.b) - Int(other.rimColour.b)))
    let traits = [
      knobForm != other.knobForm || tabs != other.tabs || (cornerRadius > 0) != (other.cornerRadius > 0),
      turn >= Self.minimumLightTurn - 1e-9,
      tintsDiffer(shadowTint, other.shadowTint),
      tintsDiffer(highlightTint, other.highlightTint),
      rimOffset >= Self.minimumRimOffset,
    ]
    return traits.filter { $0 }.count
  }
}
