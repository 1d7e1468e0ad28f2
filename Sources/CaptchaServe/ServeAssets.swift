import Foundation

/// The files `serve` answers with besides challenges, compiled into the binary from the target's
/// Resources folder (Package.swift: `embedInCode`): the OpenAPI description, the widget script and
/// the demo page.
struct ServeAssets: Sendable {
  var openAPI: [UInt8]
  var widgetScript: [UInt8]
  var demoPage: String

  /// The line of demo.html replaced by one widget element per kind.
  static let widgetsMarker = "<!-- captcha-gen:widgets -->"

  /// The three files as compiled in.
  static func load() -> ServeAssets {
    ServeAssets(
      openAPI: PackageResources.openapi_json, widgetScript: PackageResources.widget_js,
      demoPage: String(decoding: PackageResources.demo_html, as: UTF8.self))
  }

  /// The demo page with one `<div data-captcha-gen data-kind="KIND"></div>` per kind, in order.
  func demoPage(kinds: [String]) -> [UInt8] {
    let widgets = kinds.map { "<div data-captcha-gen data-kind=\"\($0)\"></div>" }.joined(separator: "\n")
    return Array(demoPage.replacingOccurrences(of: Self.widgetsMarker, with: widgets).utf8)
  }
}
