import Foundation
import XCTest

/// `captcha-gen serve …` execs the captcha-gen-serve binary next to captcha-gen (or the one
/// `CAPTCHA_GEN_SERVE` names) with the arguments unchanged; when it cannot, one sentence and exit 69.
/// Where serve must not start, the tests give `--port 70000`: a captcha-gen that served in-process
/// again would stop at once with a usage error instead of listening until the test times out.
final class ServeHandOffCLITests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws { dir = try CLI.tempDir("serve-hand-off") }
  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  /// A shell script standing in for the serve binary: prints its process id, then each argument on
  /// a line of its own between brackets, and exits 3.
  func echoScript() throws -> URL {
    let script = dir.appendingPathComponent("fake-serve")
    try Data("#!/bin/sh\necho \"pid $$\"\nfor a in \"$@\"; do echo \"[$a]\"; done\nexit 3\n".utf8).write(
      to: script)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return script
  }

  /// Runs captcha-gen with `CAPTCHA_GEN_SERVE` set to the echo script; returns its process id too.
  func runThroughEchoScript(_ args: [String]) throws -> (pid: Int32, result: CLIResult) {
    let p = Process()
    p.executableURL = CLI.executableURL
    p.arguments = args
    p.environment = ProcessInfo.processInfo.environment.merging(["CAPTCHA_GEN_SERVE": try echoScript().path])
    {
      $1
    }
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let result = CLIResult(
      status: p.terminationStatus, stdout: String(decoding: data, as: UTF8.self), stderr: "")
    return (p.processIdentifier, result)
  }

  func testArgumentsPassUnchangedAndTheProcessIsReplaced() throws {
    let args = ["--port", "0", "a b", "", "--", "--help", "ünïcode", "serve"]
    let (pid, r) = try runThroughEchoScript(["serve"] + args)
    XCTAssertEqual(r.status, 3, "the serve binary's exit status is captcha-gen's")
    XCTAssertEqual(r.stdout, "pid \(pid)\n" + args.map { "[\($0)]\n" }.joined())
  }

  func testHelpServeAsksTheServeBinaryForItsHelp() throws {
    let (_, r) = try runThroughEchoScript(["help", "serve"])
    XCTAssertEqual(r.stdout.split(separator: "\n").dropFirst(), ["[--help]"])
  }

  func testReportIsHandedToTheServeBinaryWithItsName() throws {
    let (_, r) = try runThroughEchoScript(["report", "--site", "shop", "--json"])
    XCTAssertEqual(r.status, 3)
    XCTAssertEqual(
      r.stdout.split(separator: "\n").dropFirst(), ["[report]", "[--site]", "[shop]", "[--json]"])
    let (_, help) = try runThroughEchoScript(["help", "report"])
    XCTAssertEqual(help.stdout.split(separator: "\n").dropFirst(), ["[report]", "[--help]"])
  }

  func testOtherCommandsDoNotRunTheServeBinary() throws {
    let (_, r) = try runThroughEchoScript([
      "verify", "--answer", dir.appendingPathComponent("none.json").path, "--x", "1",
    ])
    XCTAssertEqual(r.status, 66)
    XCTAssertEqual(r.stdout, "")
  }

  func testMissingServeBinaryFromTheEnvironmentIsUnavailable() throws {
    let missing = dir.appendingPathComponent("no-such-serve").path
    let r = try CLI.run(["serve", "--port", "70000"], environment: ["CAPTCHA_GEN_SERVE": missing])
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertEqual(
      r.stderr,
      "captcha-gen: serve needs \(missing) (from CAPTCHA_GEN_SERVE), which is missing or not an executable "
        + "file; set CAPTCHA_GEN_SERVE to the captcha-gen-serve binary, or unset it to use the one next to "
        + "captcha-gen.\n")
    XCTAssertEqual(r.stdout, "")
  }

  func testAServeBinaryThatIsNotExecutableIsUnavailable() throws {
    for (name, permissions) in [("plain-file", 0o644), ("folder", 0o755)] {
      let path = dir.appendingPathComponent(name).path
      if name == "folder" {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      } else {
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: path))
      }
      try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
      let r = try CLI.run(["serve", "--help"], environment: ["CAPTCHA_GEN_SERVE": path])
      XCTAssertEqual(r.status, 69, "\(name): \(r.stderr)")
      XCTAssertTrue(
        r.stderr.hasPrefix(
          "captcha-gen: serve needs \(path) (from CAPTCHA_GEN_SERVE), which is missing or not an executable file;"
        ), r.stderr)
    }
  }

  /// A captcha-gen copied alone into a folder looks for captcha-gen-serve in that folder (its own
  /// executable's, not the working directory's); an empty CAPTCHA_GEN_SERVE counts as unset.
  func testWithoutASiblingServeBinaryServeIsUnavailable() throws {
    let lonely = dir.appendingPathComponent("captcha-gen")
    try FileManager.default.copyItem(at: CLI.executableURL, to: lonely)
    let sibling = dir.appendingPathComponent("captcha-gen-serve").path
    let r = try CLI.run(
      executable: lonely, ["serve", "--port", "70000"], cwd: CLI.executableURL.deletingLastPathComponent(),
      environment: ["CAPTCHA_GEN_SERVE": ""])
    XCTAssertEqual(r.status, 69, r.stderr)
    XCTAssertEqual(
      r.stderr,
      "captcha-gen: serve needs \(sibling), which is missing or not an executable file; install "
        + "captcha-gen-serve in the same folder as captcha-gen, or set CAPTCHA_GEN_SERVE to its path.\n")
    let make = try CLI.run(
      executable: lonely, ["make", "--seed", "1", "--out", dir.appendingPathComponent("o").path])
    XCTAssertEqual(make.status, 0, "captcha-gen alone still makes captchas: \(make.stderr)")
  }

  func testHelpListsServeAndServeHelpIsServes() throws {
    let root = try CLI.run(["--help"])
    XCTAssertEqual(root.status, 0)
    let listed = root.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    XCTAssertTrue(
      listed.contains(
        "serve Serve single-use challenges over HTTP (JSON under /v1), the widget and a demo page."),
      root.stdout)
    let help = try CLI.run(["serve", "--help"])
    XCTAssertEqual(help.status, 0, help.stderr)
    XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: Serve single-use challenges over HTTP"), help.stdout)
    XCTAssertTrue(help.stdout.contains("USAGE: captcha-gen serve <options>"), help.stdout)
    XCTAssertTrue(help.stdout.contains("--store <store>"), help.stdout)
    XCTAssertEqual(try CLI.run(["help", "serve"]).stdout, help.stdout)
    let version = try CLI.run(["serve", "--version"])
    XCTAssertEqual(version.status, 0)
    XCTAssertTrue(version.stdout.contains("0.1.0"), version.stdout)
  }
}
