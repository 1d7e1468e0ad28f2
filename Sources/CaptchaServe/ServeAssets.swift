import Foundation

/// The files `serve` answers with besides challenges, read once from the target's resources:
/// the OpenAPI description, the widget script, the proof-of-work worker and the demo page.
struct ServeAssets: Sendable {
  var openAPI: [UInt8]
  var widgetScript: [UInt8]
  var powWorkerScript: [UInt8]
  var demoPage: String

  /// The line of demo.html replaced by one widget element per kind.
  static let widgetsMarker = "<!-- captcha-gen:widgets -->"

  /// Reads the four files from the bundled Resources folder.
  static func load() throws -> ServeAssets {
    func read(_ name: String) throws -> Data {
      guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources")
      else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/\(name)"])
      }
      return try Data(contentsOf: url)
    }
    return ServeAssets(
      openAPI: [UInt8](try read("openapi.json")), widgetScript: [UInt8](try read("widget.js")),
      powWorkerScript: [UInt8](try read("pow-worker.js")),
      demoPage: String(decoding: try read("demo.html"), as: UTF8.self))
  }

  /// The demo page with one `<div data-captcha-gen data-kind="KIND"></div>` per kind, in order.
  func demoPage(kinds: [String]) -> [UInt8] {
    let widgets = kinds.map { "<div data-captcha-gen data-kind=\"\($0)\"></div>" }.joined(separator: "\n")
    return Array(demoPage.replacingOccurrences(of: Self.widgetsMarker, with: widgets).utf8)
  }
}
