import Foundation

/// The files `serve` answers with besides challenges, read once from the target's resources:
/// the OpenAPI description, the widget script (joined from its parts), the proof-of-work worker
/// and the demo page.
struct ServeAssets: Sendable {
  var openAPI: [UInt8]
  var widgetScript: [UInt8]
  var powWorkerScript: [UInt8]
  var demoPage: String

  /// The line of demo.html replaced by one widget element per kind.
  static let widgetsMarker = "<!-- captcha-gen:widgets -->"

  /// The widget's parts in Resources/widget/, in the order `/widget.js` joins them: each uses only
  /// the parts before it; the first opens the script's one function scope and the last closes it.
  static let widgetParts = [
    "core.js", "input.js", "slide.js", "rotate.js", "pattern.js", "token.js", "pow.js", "no-puzzle.js",
    "mount.js",
  ]

  /// Reads the files from the bundled Resources folder.
  static func load() throws -> ServeAssets {
    func read(_ name: String, in folder: String = "Resources") throws -> Data {
      guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: folder)
      else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(folder)/\(name)"])
      }
      return try Data(contentsOf: url)
    }
    let widget = try widgetParts.map { try read($0, in: "Resources/widget") }
    return ServeAssets(
      openAPI: [UInt8](try read("openapi.json")), widgetScript: widget.flatMap { [UInt8]($0) },
      powWorkerScript: [UInt8](try read("pow-worker.js")),
      demoPage: String(decoding: try read("demo.html"), as: UTF8.self))
  }

  /// The demo page with one `<div data-captcha-gen data-kind="KIND"></div>` per kind, in order.
  func demoPage(kinds: [String]) -> [UInt8] {
    let widgets = kinds.map { "<div data-captcha-gen data-kind=\"\($0)\"></div>" }.joined(separator: "\n")
    return Array(demoPage.replacingOccurrences(of: Self.widgetsMarker, with: widgets).utf8)
  }
}
