import ArgumentParser
import CaptchaKit
import Foundation

extension Fit: ExpressibleByArgument {}
extension DragMode: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

/// `captcha-gen make`: one captcha (piece.png, background.png|.jpg, answer.json) into a folder.
struct MakeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "make",
    abstract: "Make one captcha: piece.png, background.png (or .jpg) and answer.json.",
    discussion: """
      Without --image the background is a procedural landscape drawn from the seed (320x160 \
      unless --size is given). The same input bytes, options, seed and captcha-gen version \
      always give byte-identical files. answer.json is the server's secret: send the piece and \
      the background to the client, keep the answer.
      """)

  @Option(help: "Background image, PNG or JPEG (format sniffed from the bytes).")
  var image: String?

  @Option(help: "Output folder; created when missing.")
  var out: String = "."

  @Option(help: "Seed (0…2^64−1). Without it one is drawn from the system and recorded in answer.json.")
  var seed: UInt64?

  @Option(help: "Resize the background to WIDTHxHEIGHT first, e.g. 320x160 (area-averaged downscaling).")
  var size: String?

  @Option(
    help: "How --size maps the image: cover (crop), contain (pad with the image's mean colour), stretch.")
  var fit: Fit = .cover

  @Option(help: "Side of the square piece box in pixels (default: 3/8 of the shorter side, 60 for 320x160).")
  var pieceSize: Int?

  @Option(help: ArgumentHelp("Piece shape: \(PieceShapes.names.joined(separator: ", ")).", valueName: "name"))
  var shape: String = BuiltinShape.classic.name

  @Option(help: "Drag mode: horizontal (only x is checked), vertical or free (x and y are checked).")
  var mode: DragMode = .horizontal

  @Option(help: "Accepted distance from the target in background pixels.")
  var tolerance: Int = 5

  @Option(help: "Background file format: png or jpeg (the piece is always PNG).")
  var format: OutputFormat = .png

  @Option(help: "JPEG quality, 1…100 (with --format jpeg).")
  var quality: Int = 90

  @Option(help: "Refuse input images with more pixels than this, before decoding.")
  var maxPixels: Int = MakeOptions.defaultMaxPixels

  @Flag(help: "Also print answer.json to standard output.")
  var json = false

  /// The library options these arguments describe.
  func makeOptions() throws -> MakeOptions {
    var o = MakeOptions()
    if let s = size { o.size = try PixelSize.parse(s) }
    o.fit = fit
    o.pieceSize = pieceSize
    o.shape = try PieceShapes.named(shape)
    o.mode = mode
    o.tolerance = tolerance
    o.format = format
    o.quality = quality
    o.maxPixels = maxPixels
    try o.validate()
    return o
  }

  func run() throws {
    try reportingErrors {
      let options = try makeOptions()
      let seed = self.seed ?? SystemSeed.draw()
      let captcha = try CaptchaMaker.make(imagePath: image, options: options, seed: seed)
      let files = try CaptchaMaker.encode(captcha, options: options)
      try files.write(toDirectory: out)
      if json {
        FileHandle.standardOutput.write(Data(captcha.answer.jsonBytes))
      }
    }
  }
}
