/// What `captcha-gen --help` and `captcha-gen serve --help` say about `serve`. The command lives in
/// the captcha-gen-serve binary; captcha-gen only lists it and hands over to that binary, so the one
/// sentence both show is kept here, once.
public enum ServeSummary {
  /// The subcommand's name under `captcha-gen`.
  public static let commandName = "serve"

  /// The one-line abstract listed under SUBCOMMANDS and at the top of serve's own help.
  public static let abstract =
    "Serve single-use challenges over HTTP (JSON under /v1), the widget and a demo page."
}
