import Foundation
import XCTest

/// Runs the built `captcha-gen` executable and captures its exit code and output.
struct CLIResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

enum CLI {
  /// The products folder holding the built executable (next to the test bundle).
  static var executableURL: URL {
    var dir = Bundle(for: Marker.self).bundleURL
    if dir.pathExtension == "xctest" { dir.deleteLastPathComponent() }
    return dir.appendingPathComponent("captcha-gen")
  }

  private final class Marker {}

  @discardableResult
  static func run(
    executable: URL = executableURL, _ args: [String], cwd: URL? = nil, environment: [String: String] = [:]
  ) throws -> CLIResult {
    let p = Process()
    p.executableURL = executable
    p.arguments = args
    if let cwd { p.currentDirectoryURL = cwd }
    if !environment.isEmpty {
      p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    // Read both pipes before waiting so a chatty child cannot block.
    var outData = Data()
    var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      outData = out.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    errData = err.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    p.waitUntilExit()
    return CLIResult(
      status: p.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A fresh temporary folder, removed by the caller's tearDown if wanted.
  static func tempDir(_ name: String = "cli") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("captcha-gen-tests-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

final class CLIVersionTests: XCTestCase {
  func testVersionFlagPrintsVersion() throws {
    let r = try CLI.run(["--version"])
    XCTAssertEqual(r.status, 0)
    XCTAssertTrue(r.stdout.contains("0.1.0"))
  }
}
