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

  /// The widget's parts in Resources/widget/, in the order `/widget.js` joins them: each is a
  /// function of the parts' namespace, `CaptchaGenParts`, and uses only the parts before it
  /// (Tests/JavaScript loads them alone, in this order, read from this list).
  static let widgetParts: [(name: String, bytes: [UInt8])] = [
    ("strings.js", PackageResources.strings_js), ("core.js", PackageResources.core_js),
    ("input.js", PackageResources.input_js),
    ("slide.js", PackageResources.slide_js), ("rotate.js", PackageResources.rotate_js),
    ("pattern.js", PackageResources.pattern_js), ("token.js", PackageResources.token_js),
    ("pow.js", PackageResources.pow_js), ("no-puzzle.js", PackageResources.no_puzzle_js),
    ("states.js", PackageResources.states_js), ("mount.js", PackageResources.mount_js),
  ]

  /// What `/widget.js` puts around its parts: one function scope that holds the namespace (nothing
  /// but `CaptchaGen` reaches the page), does nothing on a page that already has the widget, and
  /// starts the widget after the last part.
  static let widgetPrologue =
    "(function () {\n  'use strict';\n  if (window.CaptchaGen) return;\n  const CaptchaGenParts = {};\n"
  static let widgetEpilogue = "  CaptchaGenParts.mount.start();\n})();\n"

  /// The parts joined into the one script `/widget.js` serves.
  static var widgetScript: [UInt8] {
    Array(widgetPrologue.utf8) + widgetParts.flatMap(\.bytes) + Array(widgetEpilogue.utf8)
  }

  /// What the drop-in scripts (`/turnstile/v0/api.js`, `/1/api.js`, `/recaptcha/api.js`) put around
  /// the widget's parts and `dropin.js`: one function scope, as `/widget.js`'s, that starts the
  /// service's API (and `CaptchaGen`, when the page has none yet); `SERVICE` is the service's name.
  static let dropInPrologue = "(function () {\n  'use strict';\n  const CaptchaGenParts = {};\n"
  static let dropInEpilogue = "  CaptchaGenParts.dropin.start('SERVICE');\n})();\n"

  /// The drop-in script of the service `name` (a `DropInShape`'s raw value).
  static func dropInScript(_ name: String) -> [UInt8] {
    Array(dropInPrologue.utf8) + widgetParts.flatMap(\.bytes) + PackageResources.dropin_js
      + Array(dropInEpilogue.replacingOccurrences(of: "SERVICE", with: name).utf8)
  }

  /// The files as compiled in.
  static func load() -> ServeAssets {
    ServeAssets(
      openAPI: PackageResources.openapi_json, widgetScript: widgetScript,
      powWorkerScript: PackageResources.pow_worker_js,
      demoPage: String(decoding: PackageResources.demo_html, as: UTF8.self))
  }

  /// The demo page with one `<div data-captcha-gen data-kind="KIND"></div>` per kind, in order.
  func demoPage(kinds: [String]) -> [UInt8] {
    let widgets = kinds.map { "<div data-captcha-gen data-kind=\"\($0)\"></div>" }.joined(separator: "\n")
    return Array(demoPage.replacingOccurrences(of: Self.widgetsMarker, with: widgets).utf8)
  }
}
