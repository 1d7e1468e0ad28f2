import ArgumentParser
import CaptchaArguments
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
    abstract: "Check a client's response against answer.json; prints pass or fail.",
    discussion: """
      Exit status: 0 pass, 1 fail, 64 bad usage (including a response meant for another kind of \
      captcha), 65 answer file not a schema-1 answer, 66 answer file missing. Slide: x and y are \
      where the client put piece.png's top-left corner; y is checked unless the answer's mode is \
      horizontal; --track adds the drag, judged for what no person does. Rotate: --angle is the \
      clockwise turn in degrees the client gave the piece; it passes within the answer's tolerance \
      around the circle. Pattern: --path or --track, the points drawn. Answers made with --steps N \
      take --step K (0-based), or snap --x/--angle to the nearest stop; a blind guess passes about 1 \
      time in N. The reason for a fail is printed on stderr when a track or path was given.
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
    help: "Width at which the client displayed the background; positions are scaled from it (slide only).")
  var displayWidth: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Rotate: the clockwise turn the client gave the piece, in degrees.", valueName: "deg"))
  var angle: Double?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Stepped answers (--steps): the chosen stop, 0-based.", valueName: "k"))
  var step: Int?

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
        path: try path.map { try PathArgument.parse($0) }, angle: angle, step: step)
      do {
        return try KindCatalog.verify(answerPath: answer, response: response)
      } catch let error as VerifyError {
        throw usageError("\(answer): \(CommandLineWording.text(error))")
      }
    }
    print(verdict.passed ? "pass" : "fail")
    if !verdict.passed {
      if path != nil || track != nil { printError("captcha-gen: fail: \(verdict.reason)") }
      throw ExitCode(1)
    }
  }
}
