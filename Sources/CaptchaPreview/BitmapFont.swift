import CaptchaHoles
public import CaptchaImaging
import CaptchaKindCore
import CaptchaPattern
import CaptchaRotate
import CaptchaSlide
import CaptchaSupport
import VectorRaster

/// A 5×7 pixel font (upper-case letters, digits and a little punctuation) for labels on
/// preview images, so drawing text needs no font files. Lower-case letters draw as upper-case;
/// characters the font lacks draw as `?`.
public enum BitmapFont {
  /// Glyph width and height in font pixels; each glyph is followed by one pixel of spacing.
  public static let glyphWidth = 5
  public static let glyphHeight = 7

  /// The characters, in the order of `rows`.
  static let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.:/()_?#×@ +")

  /// Seven rows per glyph, two hex digits each (5 bits used, the high bit on the left).
  static let rows: [String] = [
    "0E11111F111111", "1E11111E11111E", "0E11101010110E", "1C12111111121C",  // A B C D
    "1F10101E10101F", "1F10101E101010", "0E11101711110F", "1111111F111111",  // E F G H
    "0E04040404040E", "0702020202120C", "11121418141211", "1010101010101F",  // I J K L
    "111B1515111111", "11111915131111", "0E11111111110E", "1E11111E101010",  // M N O P
    "0E11111115120D", "1E11111E141211", "0F10100E01011E", "1F040404040404",  // Q R S T
    "1111111111110E", "11111111110A04", "1111111515150A", "11110A040A1111",  // U V W X
    "1111110A040404", "1F01020408101F", "0E11131519110E", "040C040404040E",  // Y Z 0 1
    "0E11010204081F", "1F02040201110E", "02060A121F0202", "1F101E0101110E",  // 2 3 4 5
    "0608101E11110E", "1F010204080808", "0E11110E11110E", "0E11110F01020C",  // 6 7 8 9
    "0000001F000000", "00000000000C0C", "000C0C000C0C00", "00010204081000",  // - . : /
    "02040808080402", "08040202020408", "0000000000001F", "0E110102040004",  // ( ) _ ?
    "0A0A1F0A1F0A0A", "00110A040A1100", "0E11171517100F", "00000000000000",  // # × @ space
    "0004041F040400",  // +
  ]

  /// The seven row bitmaps of `ch`.
  static func glyph(_ ch: Character) -> [UInt8] {
    let up = Character(ch.uppercased())
    let index = characters.firstIndex(of: up) ?? characters.firstIndex(of: "?")!
    let hex = Array(rows[index].utf8)
    return (0..<glyphHeight).map { r in
      UInt8(String(decoding: hex[(r * 2)..<(r * 2 + 2)], as: UTF8.self), radix: 16)!
    }
  }

  /// Width in image pixels of `text` drawn at `scale`.
  public static func width(of text: String, scale: Int) -> Int {
    let n = text.count
    return n == 0 ? 0 : (n * (glyphWidth + 1) - 1) * scale
  }

  /// Draws `text` into `image` with its top-left corner at (x, y), each font pixel a
  /// `scale`×`scale` square of `color`. Pixels outside the image are skipped.
  public static func draw(
    _ text: String, into image: inout RGBAImage, x: Int, y: Int, scale: Int = 1,
    color: (UInt8, UInt8, UInt8)
  ) {
    var penX = x
    for ch in text {
      let g = glyph(ch)
      for r in 0..<glyphHeight {
        for c in 0..<glyphWidth where g[r] & (0x10 >> UInt8(c)) != 0 {
          for dy in 0..<scale {
            for dx in 0..<scale {
              let px = penX + c * scale + dx
              let py = y + r * scale + dy
              guard px >= 0, py >= 0, px < image.width, py < image.height else { continue }
              let i = (py * image.width + px) * 4
              image.pixels[i] = color.0
              image.pixels[i + 1] = color.1
              image.pixels[i + 2] = color.2
              image.pixels[i + 3] = 255
            }
          }
        }
      }
      penX += (glyphWidth + 1) * scale
    }
  }
}
