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

/// `captcha-gen batch`: many captchas into numbered folders with a manifest, in parallel,
/// shardable across machines and resumable after an interruption.
struct BatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract:
      "Make many captchas: OUT/<index>/{piece.png, background.png|jpg|webp, answer.json} + manifest.jsonl.",
    discussion: """
      Item i depends only on --seed, i and the input list (never on --count, --jobs, --shard or \
      the machine): its seed is SplitMix64(base ^ SplitMix64(i)) & (2^53-1), where SplitMix64(x) \
      is the first output of a SplitMix64 generator seeded with x, and its background is input \
      number i mod (number of inputs) — --images files sorted by name, or --list lines in order — \
      or the built-in background drawn from its seed. `captcha-gen make --seed <its seed> --image \
      <its background>` with the same options reproduces it byte for byte.

      Items go to OUT/<index padded to 6 digits>/; OUT/manifest.jsonl gets one JSON line per item \
      in index order (index, source, seed, target, files, status); with --shard I/N only the items \
      with i mod N = I are made and the manifest is OUT/manifest.shard-I-of-N.jsonl. Files are \
      written atomically; --resume skips items whose three files are present and valid.

      Exit status: 0 when every item was made; 1 when some items failed because of their input \
      (each is reported with its background file and reason, and the others are still made); \
      73/74 when output could not be written; 64 for bad options; 66 for a missing --images \
      folder or --list file.
      """)

  @Option(help: "How many captchas the whole batch has (items 0…count-1).")
  var count: Int

  @Option(help: "Output folder; created when missing.")
  var out: String

  @Option(help: "Folder of PNG/JPEG backgrounds (used in name order, round robin).")
  var images: String?

  @Option(help: "File listing background paths, one per line (used in that order, round robin).")
  var list: String?

  @Option(help: "Worker threads (default: the number of cores).")
  var jobs: Int?

  @Option(
    help: """
      Base seed every item's seed derives from. Required with --shard and --resume. The seeds are \
      the captchas' secret: a base seed below 2^32 can be found by trying them all (a warning).
      """)
  var seed: UInt64?

  @Option(
    help: ArgumentHelp("Make only the items i with i mod N = I.", valueName: "I/N"),
    transform: { try BatchShard.parse($0) })
  var shard: BatchShard?

  @Flag(help: "Skip items whose files are all present and valid (continue an interrupted batch).")
  var resume = false

  @Flag(help: "No progress display, no summary and no small-seed warning (failed items are still reported).")
  var quiet = false

  @Flag(
    help: """
      Attack every item with the built-in solvers (as `make --check`) in the workers and print, at \
      the end (even with --quiet), the share of items each attack cracked and the share cracked by \
      any. Files and manifest are the same as without --check.
      """)
  var check = false

  @OptionGroup
  var kindOption: SingleKindOption

  @OptionGroup
  var captchaOptions: MakeOptionGroup

  func run() throws {
    let display = ProgressDisplay(quiet: quiet)
    let tally = check ? SelfAttackTally() : nil
    let summary = try reportingErrors { () throws -> BatchSummary in
      let inputs: BatchInputs =
        try images.map { try .folder($0) } ?? list.map { try .list($0) } ?? .procedural
      // Options impossible for every item (a piece too large for the built-in background or for
      // --size, say) are refused once, before anything is written, without rendering anything.
      let kind = try kindOption.kind(captchaOptions, withInputImages: inputs != .procedural)
      let baseSeed = seed ?? SystemSeed.draw()
      if seed == nil && !quiet {
        printError("batch: base seed \(baseSeed) (give --seed \(baseSeed) to repeat)")
      }
      let request = BatchRequest(
        count: count, outputDirectory: out, inputs: inputs, baseSeed: baseSeed, shard: shard ?? .all,
        jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, resume: resume)
      try request.validate()
      // Once every option is accepted, before the items are made: an error stays alone on stderr.
      if !quiet { SeedWarning.check(command: "batch", seed: seed) }
      let engine =
        tally.map { CaptchaBatch.engine(request: request, kind: kind, checkingInto: $0) }
        ?? CaptchaBatch.engine(request: request, kind: kind)
      return try engine.run(
        progress: { display.update($0) },
        failure: { item, error in
          display.message(
            "captcha-gen: item \(item.folderName) (\(item.source)) failed: \(CommandLineWording.report(error)?.message ?? "\(error)")"
          )
        })
    }
    display.finish(summary.progress)
    if let tally { display.message(tally.summaryLine) }
    // Items that failed on their own input make the outcome 1 (as verify's fail); a failure to
    // write output is the environment's, and exits with its own code.
    if let output = summary.outputFailure { throw ExitCode(output.kind.exitCode) }
    if !summary.failures.isEmpty { throw ExitCode(1) }
  }
}
