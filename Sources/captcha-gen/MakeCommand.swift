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

/// `captcha-gen make`: one captcha (piece.png, background.png|.jpg, answer.json) into a folder.
struct MakeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "make",
    abstract: "Make one captcha: piece.png, background.png (or .jpg) and answer.json.",
    discussion: """
      Without --image the background is a procedural landscape drawn from the seed (320x160 \
      unless --size is given). The same input bytes, options, seed and captcha-gen version \
      always give byte-identical files. answer.json is the server's secret: send the piece and \
      the background to the client, keep the answer.
      """)

  @Option(help: "Background image, PNG or JPEG (format sniffed from the bytes).")
  var image: String?

  @Option(help: "Output folder; created when missing.")
  var out: String = "."

  @Option(help: "Seed (0…2^64−1). Without it one is drawn from the system and recorded in answer.json.")
  var seed: UInt64?

  @OptionGroup
  var captchaOptions: MakeOptionGroup

  @Flag(help: "Also print answer.json to standard output.")
  var json = false

  func run() throws {
    try reportingErrors {
      let options = try captchaOptions.makeOptions()
      let seed = self.seed ?? SystemSeed.draw()
      let captcha = try CaptchaMaker.make(imagePath: image, options: options, seed: seed)
      let files = try CaptchaMaker.encode(captcha, options: options)
      try files.write(toDirectory: out)
      if json {
        writeAll(fd: 1, captcha.answer.jsonBytes)
      }
    }
  }
}
