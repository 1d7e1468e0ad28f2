import Foundation
import XCTest

/// Every command's `--help` against its snapshot in `Fixtures/help/`, so a change to an option's
/// name, default or wording shows up in review as a diff of what users read. After a deliberate
/// change: `CAPTCHA_REGENERATE_HELP=1 swift test --filter HelpSnapshotTests`, then read the diff.
final class HelpSnapshotTests: XCTestCase {
  /// Each command a user can ask for help on, and its snapshot's name.
  static let commands: [(arguments: [String], snapshot: String)] = [
    ([], "captcha-gen"), (["make"], "make"), (["verify"], "verify"), (["batch"], "batch"),
    (["raster"], "raster"), (["compare"], "compare"), (["shapes"], "shapes"), (["serve"], "serve"),
    (["site"], "site"), (["site", "new"], "site-new"), (["site", "secret"], "site-secret"),
    (["healthcheck"], "healthcheck"), (["report"], "report"),
  ]

  /// The width ArgumentParser wraps help at when it cannot ask a terminal.
  static let columns = "100"

  static var folder: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/help")
  }

  func testEveryCommandsHelpMatchesItsSnapshot() throws {
    let regenerate = ProcessInfo.processInfo.environment["CAPTCHA_REGENERATE_HELP"] == "1"
    if regenerate {
      try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
    }
    for command in Self.commands {
      let r = try CLI.run(command.arguments + ["--help"], environment: ["COLUMNS": Self.columns])
      XCTAssertEqual(r.status, 0, "\(command.arguments) --help: \(r.stderr)")
      XCTAssertFalse(r.stdout.isEmpty, "\(command.arguments) --help printed nothing")
      let file = Self.folder.appendingPathComponent(command.snapshot + ".txt")
      if regenerate {
        try r.stdout.write(to: file, atomically: true, encoding: .utf8)
        continue
      }
      guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        XCTFail("no snapshot \(file.lastPathComponent); run with CAPTCHA_REGENERATE_HELP=1 to write it")
        continue
      }
      XCTAssertEqual(r.stdout, expected, "captcha-gen \(command.arguments.joined(separator: " ")) --help")
    }
  }

  func testEverySnapshotBelongsToACommand() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
      $0.hasSuffix(".txt")
    }
    XCTAssertEqual(Set(files), Set(Self.commands.map { $0.snapshot + ".txt" }))
  }

  func testTheRootHelpListsEverySubcommandSnapshotted() throws {
    let root = try CLI.run(["--help"], environment: ["COLUMNS": Self.columns]).stdout
    // The subcommands: the lines after SUBCOMMANDS: up to the first blank one, each a name first.
    let block = (root.components(separatedBy: "SUBCOMMANDS:\n").last ?? "").components(separatedBy: "\n\n")[0]
    let names = block.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
      return line.split(separator: " ").first.map(String.init)
    }
    XCTAssertFalse(names.isEmpty)
    for name in names {
      XCTAssertTrue(Self.commands.contains { $0.arguments == [name] }, "\(name) has no help snapshot")
    }
  }
}
