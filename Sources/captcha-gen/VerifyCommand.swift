import ArgumentParser
import CaptchaKit

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

/// `captcha-gen verify`: checks a client's drop position against answer.json.
struct VerifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Check a drop position against answer.json; prints pass or fail.",
    discussion: """
      Exit status: 0 pass, 1 fail, 64 bad usage, 65 answer file not a schema-1 answer, \
      66 answer file missing. x and y are where the client put piece.png's top-left corner; \
      y is checked unless the answer's mode is horizontal.
      """)

  @Option(help: "The answer.json written by make.")
  var answer: String

  @Option(
    parsing: .unconditional,
    help: "x of the piece's top-left corner (background pixels, or display pixels with --display-width).")
  var x: Double

  @Option(
    parsing: .unconditional, help: "y of the piece's top-left corner; required unless the mode is horizontal."
  )
  var y: Double?

  @Option(
    parsing: .unconditional,
    help: "Width at which the client displayed the background; positions are scaled from it.")
  var displayWidth: Double?

  @Option(
    help: ArgumentHelp(
      "The drag as a JSON list of {\"t\": ms, \"x\": px, \"y\": px} samples (piece.png's top-left in "
        + "background pixels); tracks no person makes fail, and the reason is printed on stderr.",
      valueName: "file"))
  var track: String?

  func run() throws {
    let passed = try reportingErrors { () throws -> Bool in
      let response = ClientResponse(
        x: x, y: y, displayWidth: displayWidth, track: try track.map { try DragTrack.read(path: $0) })
      let verdict = try KindCatalog.verify(answerPath: answer, response: response)
      if !verdict.passed && track != nil { printError("captcha-gen: fail: \(verdict.reason)") }
      return verdict.passed
    }
    print(passed ? "pass" : "fail")
    if !passed { throw ExitCode(1) }
  }
}
