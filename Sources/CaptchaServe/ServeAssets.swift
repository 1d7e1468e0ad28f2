import Foundation

/// The files `serve` answers with besides challenges, compiled into the binary from the target's
/// Resources folder (Package.swift: `embedInCode`, so serve needs no folder beside it): the OpenAPI
/// description, the widget script (joined from its parts), the proof-of-work worker and the demo
/// page.
struct ServeAssets: Sendable {
  var openAPI: [UInt8]
  var widgetScript: [UInt8]
  var powWorkerScript: [UInt8]
  var demoPage: String

  /// The line of demo.html replaced by one widget element per kind.
  static let widgetsMarker = "<!-- captcha-gen:widgets -->"

  /// The widget's parts in Resources/widget/, in the order `/widget.js` joins them: each uses only
  /// the parts before it; the first opens the script's one function scope and the last closes it.
  static let widgetParts: [(name: String, bytes: [UInt8])] = [
    ("core.js", PackageResources.core_js), ("input.js", PackageResources.input_js),
    ("slide.js", PackageResources.slide_js), ("rotate.js", PackageResources.rotate_js),
    ("pattern.js", PackageResources.pattern_js), ("token.js", PackageResources.token_js),
    ("pow.js", PackageResources.pow_js), ("no-puzzle.js", PackageResources.no_puzzle_js),
    ("mount.js", PackageResources.mount_js),
  ]

  /// The files as compiled in.
  static func load() -> ServeAssets {
    ServeAssets(
      openAPI: PackageResources.openapi_json, widgetScript: widgetParts.flatMap(\.bytes),
      powWorkerScript: PackageResources.pow_worker_js,
      demoPage: String(decoding: PackageResources.demo_html, as: UTF8.self))
  }

  /// The demo page with one `<div data-captcha-gen data-kind="KIND"></div>` per kind, in order.
  func demoPage(kinds: [String]) -> [UInt8] {
    let widgets = kinds.map { "<div data-captcha-gen data-kind=\"\($0)\"></div>" }.joined(separator: "\n")
    return Array(demoPage.replacingOccurrences(of: Self.widgetsMarker, with: widgets).utf8)
  }
}
