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

/// `captcha-gen make`: one captcha (piece.png, background.png|.jpg|.webp, answer.json) into a folder.
struct MakeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "make",
    abstract: "Make one captcha: piece.png, background.png (or .jpg, .webp) and answer.json.",
    discussion: """
      Without --image the kind draws its own picture from the seed (320x160 unless --size is \
      given): slide and pattern a landscape, rotate a scene of upright objects. The same input \
      bytes, options, seed and captcha-gen version \
      always give byte-identical files. answer.json is the server's secret: send the piece and \
      the background to the client, keep the answer.
      """)

  @Option(help: "Background image, PNG, JPEG or WebP (format sniffed from the bytes).")
  var image: String?

  @Option(help: "Output folder; created when missing.")
  var out: String = "."

  @Option(
    help: """
      Seed (0…2^64−1). Without it one is drawn from the system and recorded in answer.json. The \
      seed is the captcha's secret: a seed below 2^32 can be found by trying them all (a warning).
      """)
  var seed: UInt64?

  @OptionGroup
  var kindOption: SingleKindOption

  @OptionGroup
  var captchaOptions: MakeOptionGroup

  @Flag(help: "Also print answer.json to standard output.")
  var json = false

  @Option(
    help: """
      Threads this captcha may use (default: the number of cores). The files are the same for any \
      number; more threads only make a large picture faster.
      """)
  var threads: Int?

  @Flag(
    help: """
      After writing, attack the captcha with its kind's built-in solvers (slide: edge matching, \
      masked correlation, boundary continuity, hole statistics; rotate: rim matching, the \
      upright prior and its half-means variant, object axes; pattern: icon matching) and report \
      on stderr where the true answer ranks; with --json the result is added to the printed \
      JSON as "check" (answer.json on disk is unchanged). A report only: the exit status stays 0.
      """)
  var check = false

  func run() throws {
    ShortProcessAllocator.apply()
    try reportingErrors {
      // One captcha: its large stages may use every processor (the output does not change).
      let kind = try kindOption.kind(
        captchaOptions, withInputImages: image != nil, threads: threads ?? ForkJoin.onlineProcessors)
      let seed = self.seed ?? SystemSeed.draw()
      let made = try kind.make(imagePath: image, seed: seed)
      try made.files.write(toDirectory: out, durable: kind.writesDurably)
      let report = check ? try KindCatalog.selfAttack(files: made.files) : nil
      if let report { printError(report.summaryLine) }
      if json {
        writeAll(fd: 1, JSONWriter.bytes(made.answer.appending(check: report)))
      }
      // Last, once the captcha is made: an error stays the only line on stderr.
      SeedWarning.check(command: "make", seed: self.seed)
      // The process has done its one job: exiting here skips releasing the pictures, kind and
      // options, after which the kernel's exit took twice as long
      // (docs/decisions/0009-one-captcha-process.md; 451x300: 11.99 -> 11.47 ms).
      Self.exit()
    }
  }
}
