import ArgumentParser
import CaptchaArguments
import CaptchaKit

@main
struct CaptchaGen: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "captcha-gen",
    abstract:
      "Make CAPTCHAs (slide puzzle, rotate, 9-dot pattern) from photos or a built-in picture: the pictures a client gets and a secret answer.",
    version: CaptchaKitVersion.string,
    subcommands: [
      MakeCommand.self, VerifyCommand.self, RasterCommand.self, BatchCommand.self, CompareCommand.self,
      ShapesCommand.self, ServeSubcommand.self, ReportSubcommand.self, SiteCommand.self,
      HealthcheckCommand.self,
    ]
  )

  /// `serve` and `report` (and `help serve`, `help report`) become the captcha-gen-serve binary before anything is parsed, so its
  /// own parser answers every option, `--help` and error; everything else is parsed here.
  static func main() {
    if let serveArguments = ServeHandOff.serveArguments(Array(CommandLine.arguments.dropFirst())) {
      ServeHandOff.run(serveArguments)
    }
    main(nil)
  }
}
