import ArgumentParser
import CaptchaArguments
import XCTest

/// A command with the kinds of options serve has and will have: a plain option, a renamed one, a
/// short name, a switch, an inverted switch, a `--…-file` option and a secret.
struct Sample: ParsableCommand {
  @Option var port = 8080
  @Option(name: .customLong("kind")) var kinds = "slide"
  @Option(name: [.short, .long]) var host = "127.0.0.1"
  @Flag var dev = false
  @Flag(inversion: .prefixedNo) var color = true
  @Option var secretFile: String?
  @Option var token: String?
}

final class EnvironmentArgumentsTests: XCTestCase {
  let sample = EnvironmentArguments(command: Sample.self)

  func apply(_ environment: [String: String], _ commandLine: [String] = [], files: [String: String] = [:])
    throws -> (Sample, EnvironmentArguments.Result)
  {
    let result = try sample.apply(to: commandLine, environment: environment) { path in
      guard let text = files[path] else {
        throw EnvironmentArguments.ValueFileError(reason: "No such file or directory")
      }
      return text
    }
    return (try Sample.parse(result.arguments), result)
  }

  func testEveryLongOptionHasAVariableReadFromTheCommandsOwnDescription() {
    XCTAssertEqual(
      sample.settings.map(\.variable),
      [
        "CAPTCHA_GEN_PORT", "CAPTCHA_GEN_KIND", "CAPTCHA_GEN_HOST", "CAPTCHA_GEN_DEV", "CAPTCHA_GEN_COLOR",
        "CAPTCHA_GEN_SECRET_FILE", "CAPTCHA_GEN_TOKEN",
      ])
  }

  func testValuesSwitchesAndInvertedSwitchesComeFromTheEnvironment() throws {
    let (command, result) = try apply([
      "CAPTCHA_GEN_PORT": "9000", "CAPTCHA_GEN_KIND": "rotate,pattern", "CAPTCHA_GEN_HOST": "0.0.0.0",
      "CAPTCHA_GEN_DEV": "1", "CAPTCHA_GEN_COLOR": "0",
    ])
    XCTAssertEqual(command.port, 9000)
    XCTAssertEqual(command.kinds, "rotate,pattern")
    XCTAssertEqual(command.host, "0.0.0.0")
    XCTAssertTrue(command.dev)
    XCTAssertFalse(command.color)
    XCTAssertEqual(result.variables["--port"], "CAPTCHA_GEN_PORT")
    XCTAssertEqual(result.secrets, [])
    let (off, _) = try apply(["CAPTCHA_GEN_DEV": "false", "CAPTCHA_GEN_COLOR": "true"])
    XCTAssertFalse(off.dev)
    XCTAssertTrue(off.color)
  }

  func testTheCommandLineWinsInEverySpelling() throws {
    let environment = ["CAPTCHA_GEN_PORT": "9000", "CAPTCHA_GEN_HOST": "0.0.0.0", "CAPTCHA_GEN_COLOR": "1"]
    XCTAssertEqual(try apply(environment, ["--port", "7000"]).0.port, 7000)
    XCTAssertEqual(try apply(environment, ["--port=7001"]).0.port, 7001)
    XCTAssertEqual(try apply(environment, ["-h", "::1"]).0.host, "::1")
    XCTAssertFalse(try apply(environment, ["--no-color"]).0.color)
  }

  func testAValueComesFromAFileAndIsKeptAsASecret() throws {
    let (command, result) = try apply(
      ["CAPTCHA_GEN_TOKEN_FILE": "/run/secrets/token"], files: ["/run/secrets/token": "s3cr3t"])
    XCTAssertEqual(command.token, "s3cr3t")
    XCTAssertEqual(result.secrets, ["s3cr3t"])
  }

  func testAnOptionNamedFileTakesItsVariableBeforeTheFileRule() throws {
    let (command, result) = try apply(["CAPTCHA_GEN_SECRET_FILE": "/run/secrets/key"])
    XCTAssertEqual(command.secretFile, "/run/secrets/key", "--secret-file is set, nothing is read")
    XCTAssertEqual(result.secrets, [])
  }

  func testBadVariablesAreOneSentenceErrorsWithSysexitsCodes() {
    let cases: [([String: String], EnvironmentError, Int32, String)] = [
      (
        ["CAPTCHA_GEN_TOKEN_FILE": "/run/secrets/missing"],
        .unreadableFile(
          "CAPTCHA_GEN_TOKEN_FILE", path: "/run/secrets/missing", reason: "No such file or directory"),
        66,
        "CAPTCHA_GEN_TOKEN_FILE names /run/secrets/missing, which cannot be read: No such file or directory."
      ),
      (
        ["CAPTCHA_GEN_TOKEN": "a", "CAPTCHA_GEN_TOKEN_FILE": "/f"], .both("CAPTCHA_GEN_TOKEN"), 64,
        "CAPTCHA_GEN_TOKEN and CAPTCHA_GEN_TOKEN_FILE are both set; set one of them."
      ),
      (
        ["CAPTCHA_GEN_DEV": "yes"], .notABoolean("CAPTCHA_GEN_DEV", value: "yes"), 64,
        "CAPTCHA_GEN_DEV is a switch: set it to 1 or 0 (or true or false)."
      ),
    ]
    for (environment, expected, code, sentence) in cases {
      XCTAssertThrowsError(
        try sample.apply(to: [], environment: environment) { _ in
          throw EnvironmentArguments.ValueFileError(reason: "No such file or directory")
        }
      ) { error in
        XCTAssertEqual(error as? EnvironmentError, expected)
        XCTAssertEqual((error as? EnvironmentError)?.exitCode, code)
        XCTAssertEqual((error as? EnvironmentError)?.description, sentence)
      }
    }
  }

  func testAVariableThatNamesNoOptionIsRefusedNotIgnored() {
    XCTAssertThrowsError(try sample.apply(to: [], environment: ["CAPTCHA_GEN_PROT": "80", "HOME": "/root"])) {
      XCTAssertEqual(
        "\($0)",
        "CAPTCHA_GEN_PROT is not a serve setting; did you mean CAPTCHA_GEN_PORT? Each option --NAME of "
          + "`captcha-gen serve --help` is CAPTCHA_GEN_NAME (capitals, dashes as underscores).")
    }
    XCTAssertNoThrow(
      try sample.apply(to: [], environment: ["CAPTCHA_GEN_SERVE": "/opt/captcha-gen-serve"]),
      "captcha-gen's own variable is not an option")
    let reading = EnvironmentArguments(command: Sample.self, otherVariables: ["CAPTCHA_GEN_SECRET"])
    XCTAssertNoThrow(
      try reading.apply(to: [], environment: ["CAPTCHA_GEN_SECRET": "s3cr3t"]),
      "a variable the command reads itself is not an option")
  }

  func testErrorsNameTheVariableInTheirFirstLineOnly() {
    let message = "Error: --port 70000 is out of range; --ports is another option\nUsage: x [--port <port>]"
    XCTAssertEqual(
      EnvironmentArguments.naming(["--port": "CAPTCHA_GEN_PORT"], in: message),
      "Error: CAPTCHA_GEN_PORT 70000 is out of range; --ports is another option\nUsage: x [--port <port>]")
  }

  func testRedactionHidesURLPasswordsAndSecretValues() {
    let redaction = SecretRedaction(secrets: ["s3cr3t"])
    XCTAssertEqual(
      redaction.redact("The value 'postgres://app:hunter2@db:99999/app' is invalid; token s3cr3t"),
      "The value 'postgres://app:***@db:99999/app' is invalid; token ***")
    XCTAssertEqual(
      redaction.redact("postgres://app@db/app, http://host:8080/path, postgres://USER[:PASSWORD]@HOST stay"),
      "postgres://app@db/app, http://host:8080/path, postgres://USER[:PASSWORD]@HOST stay")
  }
}
