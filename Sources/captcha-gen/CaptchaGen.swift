import ArgumentParser
import CaptchaKit

@main
struct CaptchaGen: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "captcha-gen",
    abstract: "Generate slide-puzzle CAPTCHAs: a piece, a holed background and a secret answer.",
    version: CaptchaKitVersion.string,
    subcommands: [
      MakeCommand.self, VerifyCommand.self, RasterCommand.self, BatchCommand.self, CompareCommand.self,
      ShapesCommand.self, ServeCommand.self,
    ]
  )
}
