import ArgumentParser

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serve's options from the environment, for containers and service managers: every long option
/// or flag `--NAME` of a command can also be set by the variable `CAPTCHA_GEN_NAME` (upper case,
/// dashes as underscores), or read from the file the variable `CAPTCHA_GEN_NAME_FILE` names (for
/// secrets: Docker and systemd put them in files). A flag takes 1 or 0 (true or false). What the
/// command line gives wins. The options are read from the command's own description
/// (ArgumentParser's help dump), so an option added to the command later is covered with no code.
public struct EnvironmentArguments: Sendable {
  /// The prefix of every variable.
  public static let prefix = "CAPTCHA_GEN_"
  /// The suffix of a variable that names a file holding the value.
  public static let fileSuffix = "_FILE"
  /// Variables with the prefix that are not options of any command: captcha-gen's own
  /// (`ServeSummary`).
  static let toolVariables: Set<String> = [ServeSummary.binaryVariable]
  /// Options the environment never sets (they print and exit).
  static let excludedOptions: Set<String> = ["help", "version", "experimental-dump-help"]

  /// One option as the environment sees it.
  public struct Setting: Equatable, Sendable {
    /// `port` for `--port`.
    public var name: String
    /// Every spelling on the command line (`--port`, `-p`).
    public var spellings: [String]
    /// Whether it takes a value (an option) or not (a flag).
    public var takesValue: Bool
    /// The spelling that turns a flag off (`--no-NAME`), when the flag has one.
    public var negation: String?

    /// `CAPTCHA_GEN_PORT` for `port`.
    public var variable: String {
      EnvironmentArguments.prefix + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
    }

    public init(name: String, spellings: [String], takesValue: Bool, negation: String? = nil) {
      self.name = name
      self.spellings = spellings
      self.takesValue = takesValue
      self.negation = negation
    }
  }

  /// What the environment added.
  public struct Result: Equatable, Sendable {
    /// The command line with the options the environment sets appended.
    public var arguments: [String]
    /// Each option set from the environment, `--port` → `CAPTCHA_GEN_PORT`.
    public var variables: [String: String]
    /// Values read from files (secrets), never to be printed.
    public var secrets: [String]
  }

  public let settings: [Setting]
  /// Variables with the prefix the command reads itself (serve's `CAPTCHA_GEN_SECRET`).
  public let otherVariables: Set<String>

  /// The settings of `command`'s long options and flags; `otherVariables` are the command's own.
  public init(command: any ParsableCommand.Type, otherVariables: Set<String> = []) {
    self.init(settings: Self.settings(dumpedHelp: command._dumpHelp()), otherVariables: otherVariables)
  }

  public init(settings: [Setting], otherVariables: Set<String> = []) {
    self.settings = settings
    self.otherVariables = otherVariables.union(Self.toolVariables)
  }

  /// The settings in ArgumentParser's help dump (`--experimental-dump-help`).
  public static func settings(dumpedHelp: String) -> [Setting] {
    guard let dump = try? JSONDecoder().decode(HelpDump.self, from: Data(dumpedHelp.utf8)) else { return [] }
    var settings: [Setting] = []
    for argument in dump.command.arguments ?? [] where argument.kind != "positional" {
      let names = argument.names ?? []
      let longs = names.filter { $0.kind == "long" }.map(\.name)
      guard let name = longs.first(where: { !$0.hasPrefix("no-") }) ?? longs.first,
        !excludedOptions.contains(name)
      else { continue }
      let spellings = names.map { ($0.kind == "short" ? "-" : "--") + $0.name }
      let negation = longs.first { $0 == "no-" + name }.map { "--" + $0 }
      settings.append(
        Setting(name: name, spellings: spellings, takesValue: argument.kind == "option", negation: negation))
    }
    return pairingInversions(settings)
  }

  /// An inverted flag (`--color/--no-color`) is dumped as two flags: `--no-color` becomes the
  /// negation of `--color` instead of a variable of its own.
  static func pairingInversions(_ settings: [Setting]) -> [Setting] {
    let flags = Set(settings.filter { !$0.takesValue }.map(\.name))
    return settings.compactMap { setting in
      if !setting.takesValue, setting.name.hasPrefix("no-"), flags.contains(String(setting.name.dropFirst(3)))
      {
        return nil
      }
      var paired = setting
      if !setting.takesValue, flags.contains("no-" + setting.name) {
        paired.negation = "--no-" + setting.name
      }
      return paired
    }
  }

  /// `commandLine` with the options `environment` sets and the command line does not; a file
  /// named by a `_FILE` variable is read with `readFile`.
  public func apply(
    to commandLine: [String], environment: [String: String],
    readFile: (String) throws -> String = Self.readValueFile
  ) throws(EnvironmentError) -> Result {
    try checkNames(in: environment)
    var result = Result(arguments: commandLine, variables: [:], secrets: [])
    for setting in settings where !Self.commandLine(commandLine, gives: setting) {
      let variable = setting.variable
      let direct = environment[variable]
      let file = environment[variable + Self.fileSuffix]
      if direct != nil && file != nil { throw .both(variable) }
      let value: String
      if let direct {
        value = direct
      } else if let file {
        do {
          value = try readFile(file)
        } catch {
          throw .unreadableFile(variable + Self.fileSuffix, path: file, reason: "\(error)")
        }
        result.secrets.append(value)
      } else {
        continue
      }
      result.arguments += try arguments(for: setting, value: value, from: variable)
      result.variables["--" + setting.name] = variable
    }
    return result
  }

  /// The command-line arguments that say what `value` says for `setting`.
  func arguments(for setting: Setting, value: String, from variable: String) throws(EnvironmentError)
    -> [String]
  {
    let option = "--" + setting.name
    if setting.takesValue { return [option + "=" + value] }
    switch value.lowercased() {
    case "1", "true": return [option]
    case "0", "false": return setting.negation.map { [$0] } ?? []
    default: throw .notABoolean(variable, value: value)
    }
  }

  /// Throws for a `CAPTCHA_GEN_` variable that names no option (a typo would otherwise be ignored).
  func checkNames(in environment: [String: String]) throws(EnvironmentError) {
    let known = Set(settings.flatMap { [$0.variable, $0.variable + Self.fileSuffix] })
    for name in environment.keys.sorted()
    where name.hasPrefix(Self.prefix) && !known.contains(name) && !otherVariables.contains(name) {
      throw .unknown(name, known: settings.map(\.variable).sorted())
    }
  }

  /// Whether `commandLine` gives `setting` itself (`--port 8080`, `--port=8080`, `-p 8080`, `--no-dev`).
  static func commandLine(_ commandLine: [String], gives setting: Setting) -> Bool {
    let spellings = setting.spellings + (setting.negation.map { [$0] } ?? [])
    for argument in commandLine {
      if argument == "--" { return false }
      let head = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      if spellings.contains(head) { return true }
    }
    return false
  }

  /// `message` with each option that came from the environment (`variables`, from `apply`) named
  /// by its variable in the first line (the error's sentence; usage lines below keep the options).
  public static func naming(_ variables: [String: String], in message: String) -> String {
    guard !variables.isEmpty else { return message }
    var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard var first = lines.first else { return message }
    for (option, variable) in variables {
      var out = ""
      var rest = Substring(first)
      while let range = rest.firstRange(of: option) {
        let next = rest[range.upperBound...].first
        let whole = next.map { !($0.isLetter || $0.isNumber || $0 == "-") } ?? true
        out += rest[..<range.lowerBound] + (whole ? variable : option)
        rest = rest[range.upperBound...]
      }
      first = out + rest
    }
    lines[0] = first
    return lines.joined(separator: "\n")
  }

  /// A value file's text without its final line breaks (what `echo value > file` adds); throws
  /// the system's reason when it cannot be read.
  public static func readValueFile(_ path: String) throws -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ValueFileError(reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fd, &chunk, chunk.count)
      if n < 0 && errno == EINTR { continue }
      guard n >= 0 else { throw ValueFileError(reason: String(cString: strerror(errno))) }
      if n == 0 { break }
      bytes += chunk[..<n]
    }
    var text = String(decoding: bytes, as: UTF8.self)
    while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
    return text
  }

  /// Why a value file could not be read, in the system's words.
  public struct ValueFileError: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }

    public init(reason: String) {
      self.reason = reason
    }
  }

  /// The part of ArgumentParser's help dump read here.
  private struct HelpDump: Decodable {
    struct Command: Decodable {
      var arguments: [Argument]?
    }
    struct Argument: Decodable {
      var kind: String
      var names: [Name]?
    }
    struct Name: Decodable {
      var kind: String
      public var name: String
    }
    var command: Command
  }
}

/// A variable the environment cannot be read with; each description is one sentence.
public enum EnvironmentError: Error, Equatable, CustomStringConvertible {
  case unknown(String, known: [String])
  case both(String)
  case unreadableFile(String, path: String, reason: String)
  case notABoolean(String, value: String)

  public var description: String {
    switch self {
    case .unknown(let name, let known):
      let advice = Self.nearest(to: name, in: known).map { "did you mean \($0)? " } ?? ""
      return "\(name) is not a serve setting; \(advice)Each option --NAME of `captcha-gen serve --help` "
        + "is CAPTCHA_GEN_NAME (capitals, dashes as underscores)."
    case .both(let name):
      return "\(name) and \(name)\(EnvironmentArguments.fileSuffix) are both set; set one of them."
    case .unreadableFile(let name, let path, let reason):
      return "\(name) names \(path), which cannot be read: \(reason)."
    case .notABoolean(let name, _):
      return "\(name) is a switch: set it to 1 or 0 (or true or false)."
    }
  }

  /// The name in `names` at most two edits away from `name` (the closest), if any.
  static func nearest(to name: String, in names: [String]) -> String? {
    let target = Array(name)
    let scored = names.map { ($0, editDistance(target, Array($0))) }.filter { $0.1 <= 2 }
    return scored.min { $0.1 < $1.1 }?.0
  }

  /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

  /// sysexits: 66 (cannot open input) for a file that cannot be read, 64 (usage) otherwise.
  public var exitCode: Int32 {
    if case .unreadableFile = self { return 66 }
    return 64
  }
}
