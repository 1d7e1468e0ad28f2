import Hummingbird

/// The widget scripts of Turnstile (`/turnstile/v0/api.js`), hCaptcha (`/1/api.js`) and reCAPTCHA
/// (`/recaptcha/api.js`): the widget's parts and `dropin.js` (`ServeAssets.dropInScript`), which
/// renders into the service's element and publishes its global. The query (`onload`, `render`,
/// `hl`) is read by the script itself, from its own URL, so every URL of a path gets the same bytes.
struct DropInScriptRoutes {
  func add(to router: Router<ServeRequestContext>) {
    for shape in DropInShape.allCases {
      let script = ServeAssets.dropInScript(shape.rawValue)
      router.get(RouterPath(shape.scriptPath)) { _, _ in
        Response.body(script, mediaType: "application/javascript; charset=utf-8")
      }
    }
  }
}
