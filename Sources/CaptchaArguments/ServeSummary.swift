/// What `captcha-gen --help` and `captcha-gen serve --help` say about `serve`. The command lives in
/// the captcha-gen-serve binary; captcha-gen only lists it and hands over to that binary, so the one
/// sentence both show is kept here, once.
public enum ServeSummary {
  /// The subcommand's name under `captcha-gen`.
  public static let commandName = "serve"

  /// The one-line abstract listed under SUBCOMMANDS and at the top of serve's own help.
  public static let abstract =
    "Serve single-use challenges over HTTP (JSON under /v1), the widget and a demo page."

  /// The environment variable that, when set and not empty, names the serve binary `captcha-gen
  /// serve` runs (instead of captcha-gen-serve next to captcha-gen). Serve's own settings are the
  /// other `CAPTCHA_GEN_` variables.
  public static let binaryVariable = "CAPTCHA_GEN_SERVE"

  /// Where serve listens unless told otherwise (`--host`, `--port`); `healthcheck` asks there too.
  public static let defaultHost = "127.0.0.1"
  public static let defaultPort = 8080

  /// The environment variables of serve's `--host` and `--port` (see serve's EnvironmentArguments).
  public static let hostVariable = "CAPTCHA_GEN_HOST"
  public static let portVariable = "CAPTCHA_GEN_PORT"
}
