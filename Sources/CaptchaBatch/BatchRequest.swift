import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// What one `batch` run is asked to do (everything but the captcha options).
public struct BatchRequest: Sendable {
  /// Items in the whole batch (all shards), indices `0..<count`.
  public var count: Int
  /// The output folder; created if missing.
  public var outputDirectory: String
  /// Where backgrounds come from.
  public var inputs: BatchInputs
  /// The base seed every item's seed is derived from (`BatchDerivation`).
  public var baseSeed: UInt64
  /// Which items this run makes.
  public var shard: BatchShard
  /// Worker threads (≥ 1).
  public var jobs: Int
  /// Skip items whose files are all present and valid.
  public var resume: Bool

  public init(
    count: Int, outputDirectory: String, inputs: BatchInputs = .procedural, baseSeed: UInt64 = 0,
    shard: BatchShard = .all, jobs: Int = 1, resume: Bool = false
  ) {
    self.count = count
    self.outputDirectory = outputDirectory
    self.inputs = inputs
    self.baseSeed = baseSeed
    self.shard = shard
    self.jobs = jobs
    self.resume = resume
  }

  /// Throws a usage error for an impossible count or job number.
  public func validate() throws {
    guard count >= 1 else { throw CaptchaError(.usage, "The count \(count) must be at least 1.") }
    guard jobs >= 1 else { throw CaptchaError(.usage, "The number of jobs \(jobs) must be at least 1.") }
  }

  /// The manifest's file name: `manifest.jsonl`, or `manifest.shard-I-of-N.jsonl` for a shard so
  /// shards writing into one shared folder do not overwrite each other's manifest.
  public var manifestName: String {
    shard.count == 1 ? "manifest.jsonl" : "manifest.shard-\(shard.index)-of-\(shard.count).jsonl"
  }
}

/// One item's place in the batch, as the item maker sees it.
public struct BatchItem: Sendable {
  /// The item index i.
  public var index: Int
  /// seed_i (`BatchDerivation.itemSeed`).
  public var seed: UInt64
  /// The manifest's `source`: the input's name, or `procedural`.
  public var source: String
  /// The input file to read, nil for the procedural background.
  public var backgroundPath: String?
  /// The item's folder name (`000042`), relative to the output folder.
  public var folderName: String
  /// The item's folder path.
  public var folderPath: String
}

/// What a finished item reports for the manifest.
public struct BatchItemRecord: Equatable, Sendable {
  /// The kind's own members of the manifest line (slide: `target`), after index, source and seed.
  public var fields: [(String, JSONValue)]
  /// The piece, background and answer file names inside the item folder.
  public var pieceFile: String
  public var backgroundFile: String
  public var answerFile: String

  public init(
    fields: [(String, JSONValue)], pieceFile: String, backgroundFile: String, answerFile: String
  ) {
    self.fields = fields
    self.pieceFile = pieceFile
    self.backgroundFile = backgroundFile
    self.answerFile = answerFile
  }

  public static func == (l: BatchItemRecord, r: BatchItemRecord) -> Bool {
    JSONValue.object(l.fields) == JSONValue.object(r.fields) && l.pieceFile == r.pieceFile
      && l.backgroundFile == r.backgroundFile && l.answerFile == r.answerFile
  }
}

/// How a batch went.
public struct BatchSummary: Sendable {
  /// Final counts and time.
  public var progress: BatchProgress
  /// The failed items, by index, with the reason.
  public var failures: [(index: Int, source: String, error: CaptchaError)]

  /// The first failure that is the environment's rather than an item's own (its files could not
  /// be created or written), or nil; the command line exits with its code when there is one.
  public var outputFailure: CaptchaError? {
    failures.first(where: { $0.error.kind == .cannotCreate || $0.error.kind == .io })?.error
  }
}
