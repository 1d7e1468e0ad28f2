import ArgumentParser
import CaptchaArguments
import CaptchaKit

/// `captcha-gen shapes`: lists the built-in piece shapes; `--preview` draws them on a sheet.
struct ShapesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shapes",
    abstract: "List the built-in piece shapes, one per line; optionally render a contact sheet.",
    discussion: """
      Each line is the shape's name (as given to `make --shape`), then a short description. \
      With --preview, every shape, every hole style and the piece looks (default, bevel, \
      shadow) are drawn on one labelled PNG.
      """
  )

  @Option(
    help: ArgumentHelp(
      "Write a contact sheet of every shape, hole style and piece look to this PNG.", valueName: "path"))
  var preview: String?

  @Option(
    help: ArgumentHelp(
      "Write what a rotate captcha looks like to this PNG: as first shown (left) and turned upright (right).",
      valueName: "path"))
  var rotatePreview: String?

  func run() throws {
    try reportingErrors {
      // The sheet first, so a failure prints nothing but the error.
      if let path = preview {
        let sheet = try ContactSheet.render(holeStyles: HoleStyleCatalog.all, pieceLooks: PieceLook.all)
        try AtomicFile.write(try ImageCodec.encodePNG(sheet, keepAlpha: false), to: path)
      }
      if let path = rotatePreview {
        try AtomicFile.write(try ImageCodec.encodePNG(RotatePreview.render(), keepAlpha: false), to: path)
      }
      let width = ShapeCatalog.names.map(\.count).max() ?? 0
      for entry in ShapeCatalog.entries {
        let pad = String(repeating: " ", count: width - entry.name.count)
        print("\(entry.name)\(pad)  \(entry.summary)")
      }
    }
  }
}
