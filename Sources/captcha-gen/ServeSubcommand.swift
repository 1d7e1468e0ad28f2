import ArgumentParser
import CaptchaArguments

/// `serve` as `captcha-gen --help` lists it. The command itself is the captcha-gen-serve binary:
/// `CaptchaGen.main()` hands `captcha-gen serve …` to it before parsing; `run()` does the same when
/// the arguments come from elsewhere (`CaptchaGen.main(["serve", …])`).
struct ServeSubcommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: ServeSummary.commandName,
    abstract: ServeSummary.abstract)

  @Argument(parsing: .captureForPassthrough, help: "serve's options (see `captcha-gen serve --help`).")
  var arguments: [String] = []

  func run() {
    ServeHandOff.run(arguments)
  }
}

/// `report` as `captcha-gen --help` lists it. The command itself is the captcha-gen-serve binary's
/// (`captcha-gen-serve report …`): `CaptchaGen.main()` hands `captcha-gen report …` to it before
/// parsing; `run()` does the same when the arguments come from elsewhere.
struct ReportSubcommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: ReportSummary.commandName,
    abstract: ReportSummary.abstract)

  @Argument(parsing: .captureForPassthrough, help: "report's options (see `captcha-gen report --help`).")
  var arguments: [String] = []

  func run() {
    ServeHandOff.run([ReportSummary.commandName] + arguments)
  }
}
