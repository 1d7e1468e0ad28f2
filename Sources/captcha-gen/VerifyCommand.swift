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
    abstract:
      "Check a drop position (slide) or a drawn path (pattern) against answer.json; prints pass or fail.",
    discussion: """
      Exit status: 0 pass, 1 fail, 64 bad usage, 65 answer file not a schema-1 answer, \
      66 answer file missing. x and y are where the client put piece.png's top-left corner; \
      y is checked unless the answer's mode is horizontal. A pattern answer takes --path or \
      --track instead; the reason for a fail is printed on stderr.
      """)

  @Option(help: "The answer.json written by make.")
  var answer: String

  @Option(
    parsing: .unconditional,
    help: "x of the piece's top-left corner (background pixels, or display pixels with --display-width).")
  var x: Double?

  @Option(
    parsing: .unconditional, help: "y of the piece's top-left corner; required unless the mode is horizontal."
  )
  var y: Double?

  @Option(
    parsing: .unconditional,
    help: "Width at which the client displayed the background; positions are scaled from it.")
  var displayWidth: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Pattern: the drawn path as \"x,y x,y …\" in background pixels.", valueName: "points"))
  var path: String?

  @Option(
    help: ArgumentHelp(
      "The drag as a JSON list of {\"t\": ms, \"x\": px, \"y\": px} samples in background pixels: for "
        + "slide, piece.png's top-left (tracks no person makes fail; the reason is printed on stderr); for "
        + "pattern, the path drawn.",
      valueName: "file"))
  var track: String?

  func run() throws {
    let verdict = try reportingErrors { () throws -> Verdict in
      if path != nil && track != nil { throw usageError("give --path or --track, not both") }
      let response = ClientResponse(
        x: x, y: y, displayWidth: displayWidth, track: try track.map { try DragTrack.read(path: $0) },
        path: try path.map { try PatternInput.parsePath($0) })
      return try KindCatalog.verify(answerPath: answer, response: response)
    }
    print(verdict.passed ? "pass" : "fail")
    if !verdict.passed {
      if path != nil || track != nil { printError("captcha-gen: fail: \(verdict.reason)") }
      throw ExitCode(1)
    }
  }
}
