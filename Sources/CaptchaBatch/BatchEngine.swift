import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

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

/// Runs a batch: derives every item of the shard, hands items to worker threads, writes the
/// manifest in index order, skips complete items with `resume`, and keeps going past failed items.
///
/// The captcha pipeline itself comes in as closures (see `CaptchaBatch`), so the engine only does
/// the batch's bookkeeping:
/// - `load` decodes a background file (called about once per background and window, through a
///   cache the workers share);
/// - `make` makes an item (its folder exists by then) and returns it as a `PendingItem`, whose
///   `write` puts its files into the folder (atomically) and returns its record; the engine runs
///   the writes on writer threads (`WritePool`), so workers never wait for the disk;
/// - `existing` returns the record of an item whose files are all present and valid, or nil.
public struct BatchEngine<Background> {
  public var request: BatchRequest
  public var load: (String) throws -> Background
  public var make: (BatchItem, Background?) throws -> PendingItem
  public var existing: (BatchItem) -> BatchItemRecord?

  public init(
    request: BatchRequest, load: @escaping (String) throws -> Background,
    make: @escaping (BatchItem, Background?) throws -> PendingItem,
    existing: @escaping (BatchItem) -> BatchItemRecord?
  ) {
    self.request = request
    self.load = load
    self.make = make
    self.existing = existing
  }

  /// How many items this run's shard has.
  public var itemCount: Int { request.shard.itemCount(total: request.count) }

  /// The shard's item at `position` (its rank in index order).
  public func item(at position: Int) -> BatchItem {
    let r = request
    let i = r.shard.itemIndex(at: position)
    let seed = BatchDerivation.itemSeed(base: r.baseSeed, index: i)
    let folder = BatchDerivation.folderName(index: i, count: r.count)
    let folderPath = PathText.appending(r.outputDirectory, folder)
    switch r.inputs {
    case .procedural:
      return BatchItem(
        index: i, seed: seed, source: "procedural", backgroundPath: nil, folderName: folder,
        folderPath: folderPath)
    case .files(let files):
      let input = files[BatchDerivation.backgroundIndex(index: i, inputCount: files.count)]
      return BatchItem(
        index: i, seed: seed, source: input.name, backgroundPath: input.path, folderName: folder,
        folderPath: folderPath)
    }
  }

  /// Runs the batch. `progress` is called after every item (from worker threads); `failure` when
  /// an item fails, as it happens. Throws only when the batch cannot run at all (output folder or
  /// manifest cannot be created or written).
  public func run(
    progress: @escaping (BatchProgress) -> Void = { _ in },
    failure: @escaping (BatchItem, any Error) -> Void = { _, _ in }
  ) throws -> BatchSummary {
    try request.validate()
    let total = itemCount
    try createFolder(request.outputDirectory)
    let manifestPath = PathText.appending(request.outputDirectory, request.manifestName)
    let manifest = try ManifestFile(path: manifestPath)
    defer { manifest.close() }
    let sink = OrderedLineSink { try manifest.append($0) }
    let counter = ProgressCounter(total: total)
    let failures = FailureList()
    let inputCount = max(request.inputs.count, 1)
    let shard = request.shard
    let backgroundOf = { (position: Int) in
      BatchDerivation.backgroundIndex(index: shard.itemIndex(at: position), inputCount: inputCount)
    }
    let resume = request.resume
    let load = self.load
    let make = self.make
    let existing = self.existing
    let engine = self
    let fail = { (position: Int, item: BatchItem, error: Error) in
      // Options that do not fit this item's picture are the item's usage error; the front end
      // words them (`failure` gets the typed error), the manifest names the options plainly.
      let options = error as? OptionError
      let e =
        CaptchaError(thrown: error) ?? options.map { CaptchaError(.usage, $0.description) }
        ?? CaptchaError(.io, "Item \(item.folderName) failed: \(error).")
      failures.add(item, e)
      sink.deliver(position: position, line: ManifestLine.failed(item, e))
      failure(item, options ?? e)
      progress(counter.record(.failed))
    }
    let writerCount = Self.writerCount(jobs: request.jobs)
    let writers = WritePool<(position: Int, item: BatchItem, pending: PendingItem)>(
      threads: writerCount, capacity: request.jobs + writerCount
    ) { job in
      do {
        let record = try job.pending.write()
        sink.deliver(position: job.position, line: ManifestLine.made(job.item, record))
        progress(counter.record(.made))
      } catch {
        fail(job.position, job.item, error)
      }
    }

    let backgrounds = SharedCache<Background>(capacity: Self.cachedBackgrounds(jobs: request.jobs))
    ParallelRunner.run(
      count: total, jobs: request.jobs, makeWorker: { _ in BatchWorker() }
    ) { worker, slot in
      let w = slot / BatchSchedule.windowSize
      if worker.window != w {
        worker.start(window: w, count: total, backgroundOf: backgroundOf)
      }
      let position = worker.order[slot - w * BatchSchedule.windowSize]
      let item = engine.item(at: position)
      if resume {
        removeTemporaryFiles(in: item.folderPath)
      }
      if resume, let record = existing(item) {
        sink.deliver(position: position, line: ManifestLine.made(item, record))
        progress(counter.record(.skipped))
        return
      }
      do {
        try prepareFolder(item.folderPath)
        var background: Background?
        if let path = item.backgroundPath {
          let step = slot - w * BatchSchedule.windowSize
          let next = worker.nextBackground(after: step, engine: engine)
          let prefetchNext = {
            if let next { backgrounds.prefetch(next) { try load(next) } }
          }
          // When another worker is decoding this background, decode the next one meanwhile.
          background = try backgrounds.value(for: path, whileBusy: prefetchNext) { try load(path) }
          // The next background is decoded by the first worker to get here, while the others go
          // on with this one's items, so none of them waits for it when the work order reaches it.
          prefetchNext()
        }
        writers.submit((position, item, try make(item, background)))
      } catch {
        fail(position, item, error)
      }
    }
    writers.finish()
    if let error = sink.firstError {
      throw error as? CaptchaError
        ?? CaptchaError(.io, "The manifest \(manifestPath) cannot be written: \(error).")
    }
    return BatchSummary(progress: counter.current(), failures: failures.sorted())
  }
}

extension BatchEngine {
  /// How many writer threads a batch of `jobs` workers gets: enough syncs in flight for the file
  /// system to group them (four writers wrote small items 4x as fast as one on this machine's ext4).
  static func writerCount(jobs: Int) -> Int { max(4, 2 * jobs) }

  /// How many decoded backgrounds the workers keep: each worker's current one, the next one (decoded
  /// ahead, see `run`) and one spare, so a prefetch never evicts a background a worker still
  /// needs (the work order runs through a window's items background by background).
  static func cachedBackgrounds(jobs: Int) -> Int { jobs + 2 }
}

/// Creates a folder (and parents); `.cannotCreate` naming it on failure.
func createFolder(_ path: String) throws {
  var isDir: Bool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
    guard isDir else {
      throw CaptchaError(.cannotCreate, "The output folder \(path) exists and is not a folder.")
    }
    return
  }
  do {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  } catch {
    throw CaptchaError(.cannotCreate, "The output folder \(path) cannot be created.")
  }
}

/// Creates an item folder; when it was there already, removes temporary files an interrupted write
/// left in it. A folder mkdir(2) just made is empty, so it is not listed.
func prepareFolder(_ path: String) throws {
  if mkdir(path, 0o755) == 0 { return }
  try createFolder(path)
  removeTemporaryFiles(in: path)
}

/// Removes the named temporary files (`.NAME.tmp-…`: `AtomicFile` uses them without `O_TMPFILE`,
/// when replacing a file, and did always before 2026-11-26) that a write killed part-way left in
/// an item folder, so a resumed batch leaves no debris. Nothing else is touched.
func removeTemporaryFiles(in path: String) {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
  for name in names where name.hasPrefix(".") && name.contains(".tmp-") {
    try? FileManager.default.removeItem(atPath: PathText.appending(path, name))
  }
}

/// A worker thread's state: the work order of its current window and, for each step of it, the
/// step of the next item on another background.
struct BatchWorker {
  var window = -1
  var order: [Int] = []
  var nextChange: [Int] = []

  /// Starts window `w` of a shard of `count` items.
  mutating func start(window w: Int, count: Int, backgroundOf: (Int) -> Int) {
    window = w
    order = BatchSchedule.window(w, count: count, backgroundOf: backgroundOf)
    nextChange = BatchSchedule.nextChange(in: order, backgroundOf: backgroundOf)
  }

  /// The background file of the first item after `order[step]` whose background differs from
  /// its, in this window's work order; nil when the window has none.
  func nextBackground<B>(after step: Int, engine: BatchEngine<B>) -> String? {
    let next = nextChange[step]
    return next < order.count ? engine.item(at: order[next]).backgroundPath : nil
  }
}

/// The failed items, collected from worker threads.
final class FailureList: @unchecked Sendable {
  private let lock = PlainLock()
  private var list: [(index: Int, source: String, error: CaptchaError)] = []

  func add(_ item: BatchItem, _ error: CaptchaError) {
    lock.lock()
    list.append((item.index, item.source, error))
    lock.unlock()
  }

  func sorted() -> [(index: Int, source: String, error: CaptchaError)] {
    lock.lock()
    defer { lock.unlock() }
    return list.sorted { $0.index < $1.index }
  }
}
