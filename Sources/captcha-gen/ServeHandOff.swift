import CaptchaArguments
import CaptchaKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `captcha-gen serve …` runs the captcha-gen-serve binary in this process (execv: same process id,
/// same standard streams, same environment), with serve's arguments unchanged; `captcha-gen report …`
/// runs it with `report` first. That binary holds the HTTP server and the PostgreSQL client and links
/// full Foundation; keeping them out of captcha-gen keeps `make`, `batch` and `verify` from loading
/// libFoundation and ICU at every start.
enum ServeHandOff {
  /// The serve binary's file name; it is looked for in the folder of captcha-gen's own executable.
  static let binaryName = "captcha-gen-serve"

  /// The environment variable that, when set and not empty, names the serve binary instead.
  static let environmentVariable = ServeSummary.binaryVariable

  /// sysexits' EX_UNAVAILABLE: the serve binary cannot be run.
  static let unavailableExitCode: Int32 = 69

  /// The arguments to give the serve binary when `arguments` (without the program name) ask for
  /// serve: everything after `serve`, or `--help` for `help serve`; for report: `report` and everything
  /// after it, or `report --help` for `help report`; nil for any other command.
  static func serveArguments(_ arguments: [String]) -> [String]? {
    if arguments.first == ServeSummary.commandName { return Array(arguments.dropFirst()) }
    if arguments.first == ReportSummary.commandName { return arguments }
    if arguments.count >= 2 && arguments[0] == "help" && arguments[1] == ServeSummary.commandName {
      return ["--help"]
    }
    if arguments.count >= 2 && arguments[0] == "help" && arguments[1] == ReportSummary.commandName {
      return [ReportSummary.commandName, "--help"]
    }
    return nil
  }

  /// Replaces this process with the serve binary run with `arguments`; when that is impossible,
  /// says why in one sentence on standard error and exits with 69.
  static func run(_ arguments: [String]) -> Never {
    let (path, fromEnvironment) = binaryPath()
    guard isExecutableFile(path) else {
      let advice =
        fromEnvironment
        ? "set \(environmentVariable) to the \(binaryName) binary, or unset it to use the one next to captcha-gen"
        : "install \(binaryName) in the same folder as captcha-gen, or set \(environmentVariable) to its path"
      printError(
        "captcha-gen: \(command(arguments)) needs \(path)\(fromEnvironment ? " (from \(environmentVariable))" : ""), "
          + "which is missing or not an executable file; \(advice).")
      exit(unavailableExitCode)
    }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    execv(path, argv)
    let reason = String(cString: strerror(errno))
    printError(
      "captcha-gen: \(command(arguments)) could not run \(path): \(reason); check that it is a \(binaryName) binary for this system."
    )
    exit(unavailableExitCode)
  }

  /// The command handed off, for messages: report or serve.
  static func command(_ arguments: [String]) -> String {
    arguments.first == ReportSummary.commandName ? ReportSummary.commandName : ServeSummary.commandName
  }

  /// The serve binary: `$CAPTCHA_GEN_SERVE` when set, else captcha-gen-serve next to this
  /// executable (`/proc/self/exe`, symbolic links resolved; the program path where there is no /proc).
  static func binaryPath() -> (path: String, fromEnvironment: Bool) {
    if let value = getenv(environmentVariable), value.pointee != 0 {
      return (String(cString: value), true)
    }
    let folder = PathText.deletingLastComponent(ownExecutablePath())
    return (PathText.appending(folder.isEmpty ? "." : folder, binaryName), false)
  }

  /// This process's executable file.
  private static func ownExecutablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4097)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if n > 0 { return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    return CommandLine.arguments.first ?? ""
  }

  /// Whether `path` is a regular file this process may execute.
  private static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
    return access(path, X_OK) == 0
  }
}
