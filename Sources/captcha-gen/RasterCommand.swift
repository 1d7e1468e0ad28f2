import ArgumentParser
import CaptchaArguments
import CaptchaKit
import Dispatch

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

/// `captcha-gen raster`: fills SVG path data and writes the coverage as a grayscale PNG.
struct RasterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "raster",
    abstract: "Fill SVG path data and write its anti-aliased coverage as an 8-bit grayscale PNG.",
    discussion: """
      Each pixel (i, j) of the W×H output is the exact area of the square [i, i+1]×[j, j+1] \
      covered by the filled path, as 0…255 (linear, no gamma); origin top-left, y down. Curves \
      are flattened within 0.1 px.
      """
  )

  @Option(parsing: .unconditional, help: "SVG path data (M m L l H h V v C c S s Q q T t A a Z z).")
  var path: String

  @Option(
    name: .customLong("fill-rule"),
    help: ArgumentHelp("Fill rule: how contours decide inside.", valueName: "rule"))
  var fillRule: FillRule

  @Option(help: "Output width in pixels.")
  var width: Int

  @Option(help: "Output height in pixels.")
  var height: Int

  @Option(help: "Output PNG file.")
  var out: String

  @Option(
    parsing: .unconditional,
    help: "Affine transform 'a b c d e f' applied to the path: x' = a·x + c·y + e, y' = b·x + d·y + f.",
    transform: { try Transform.parse($0) })
  var transform: Transform?

  @Option(
    name: .customLong("repeat"),
    help:
      "Fill N times and print 'raster: N fills, median X us, min Y us' to stderr (flattening and fill, not the PNG write)."
  )
  var repeatCount: Int?

  func run() throws {
    try reportingErrors {
      try Self.validateSize(width: width, height: height)
      let matrix = transform ?? .identity
      let fills = repeatCount ?? 1
      guard fills >= 1, fills <= 1_000_000 else {
        throw usageError("--repeat must be between 1 and 1000000, not \(fills)")
      }
      let shape = try SVGPathParser.parse(path)
      let clip = PixelRect(x: 0, y: 0, width: width, height: height)
      var mask = CoverageMask(zeroOver: PixelRect(x: 0, y: 0, width: 0, height: 0))
      var micros: [Double] = []
      for _ in 0..<fills {
        let start = DispatchTime.now().uptimeNanoseconds
        mask = try shape.fill(rule: fillRule, clip: clip, transform: matrix)
        micros.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
      }
      if repeatCount != nil {
        micros.sort()
        printError(
          "raster: \(fills) fills, median \(Self.format(micros[micros.count / 2])) us, "
            + "min \(Self.format(micros[0])) us")
      }
      let png = try ImageCodec.encodeGrayPNG(
        width: width, height: height, pixels: Self.canvas(mask, width: width, height: height))
      try AtomicFile.write(png, to: out)
    }
  }

  /// Largest output accepted, in pixels (the same limit as decoded images).
  static let maxPixels = ImageCodec.defaultMaxPixels

  static func validateSize(width: Int, height: Int) throws {
    guard width >= 1, height >= 1 else {
      throw usageError("--width and --height must be at least 1, not \(width)×\(height)")
    }
    guard width <= maxPixels / height else {
      throw usageError("a \(width)×\(height) output exceeds the limit of \(maxPixels) pixels")
    }
  }

  /// The mask placed on a zeroed width×height canvas.
  static func canvas(_ mask: CoverageMask, width: Int, height: Int) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height)
    for row in 0..<mask.height {
      let src = row * mask.width
      let dst = (mask.originY + row) * width + mask.originX
      pixels[dst..<dst + mask.width] = mask.data[src..<src + mask.width]
    }
    return pixels
  }

  static func format(_ micros: Double) -> String {
    PlainText.format("%.1f", micros)
  }
}
