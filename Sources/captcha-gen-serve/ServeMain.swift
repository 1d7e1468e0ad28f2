import ArgumentParser
import CaptchaArguments
import CaptchaKit
import Foundation

/// How the serve binary starts: the command line with the options the environment sets
/// (`EnvironmentArguments`), parsed and run; every error is printed once, with secrets hidden
/// (`SecretRedaction`), and the process exits with its sysexits code. With `report` first, it runs
/// `ReportCommand` on the rest instead (`captcha-gen report` hands off here; no environment).
extension ServeCommand {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == ReportSummary.commandName {
      await ReportCommand.main(Array(arguments.dropFirst()))
      return
    }
    let environment = EnvironmentArguments(
      command: Self.self, otherVariables: [SiteOptionGroup.secretVariable])
    let applied: EnvironmentArguments.Result
    do {
      applied = try environment.apply(
        to: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    } catch {
      printError("captcha-gen: \(error.description)")
      Foundation.exit(error.exitCode)
    }
    do {
      var command = try parseAsRoot(applied.arguments)
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      let message = SecretRedaction(secrets: applied.secrets).redact(
        EnvironmentArguments.naming(applied.variables, in: fullMessage(for: error)))
      if !message.isEmpty {
        if code == .success { _ = writeAll(fd: 1, Array((message + "\n").utf8)) } else { printError(message) }
      }
      Foundation.exit(code.rawValue)
    }
  }
}
