import Foundation
import XCTest

@testable import CaptchaBatch
@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

/// The engine's bookkeeping with a fake pipeline: the "background" is the file's text and an item
/// writes one file holding background + seed.
final class BatchEngineTests: XCTestCase {
  var root: URL!
  var imagesDir: String { root.appendingPathComponent("images").path }

  override func setUpWithError() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: root.path + "/images", withIntermediateDirectories: true)
    for (name, text) in [("a.png", "A"), ("b.png", "B"), ("c.png", "C")] {
      try Data(text.utf8).write(to: URL(fileURLWithPath: imagesDir + "/" + name))
    }
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

  final class Calls: @unchecked Sendable {
    let lock = NSLock()
    var loads: [String] = []
    var made: [Int] = []
    var written: [Int] = []
    /// Loads and makes in the order they happened: "load a.png", "make A" (the background's text).
    var events: [String] = []
    func load(_ p: String) {
      lock.lock(); loads.append(p); events.append("load " + URL(fileURLWithPath: p).lastPathComponent);
      lock.unlock()
    }
    func make(_ i: Int, on background: String) {
      lock.lock(); made.append(i); events.append("make " + background); lock.unlock()
    }
    func write(_ i: Int) { lock.lock(); written.append(i); lock.unlock() }
  }

  func engine(
    _ out: String, jobs: Int = 1, shard: BatchShard = .all, resume: Bool = false, count: Int = 10,
    calls: Calls = Calls()
  ) throws -> BatchEngine<String> {
    let request = BatchRequest(
      count: count, outputDirectory: root.path + "/" + out, inputs: try .folder(imagesDir), baseSeed: 9,
      shard: shard, jobs: jobs, resume: resume)
    return BatchEngine<String>(
      request: request,
      load: { path in
        calls.load(path)
        let text = String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self)
        if text == "BAD" {
          throw CaptchaError(.badData, "The file \(path) is not a PNG, JPEG or WebP image.")
        }
        return text
      },
      make: { item, background in
        calls.make(item.index, on: background!)
        usleep(UInt32((item.index * 7919) % 5) * 300)
        let text = "\(background!) \(item.seed)"
        return PendingItem {
          // Writers take their time in another order than the workers, as disks do.
          usleep(UInt32((item.index * 104_729) % 7) * 200)
          calls.write(item.index)
          try Data(text.utf8).write(to: URL(fileURLWithPath: item.folderPath + "/item.txt"))
          return BatchItemRecord(
            fields: [("target", .object([("x", .int(Int64(item.index))), ("y", .int(1))]))],
            pieceFile: "item.txt", backgroundFile: "item.txt",
            answerFile: "item.txt")
        }
      },
      existing: { item in
        FileManager.default.fileExists(atPath: item.folderPath + "/item.txt")
          ? BatchItemRecord(
            fields: [("target", .object([("x", .int(Int64(item.index))), ("y", .int(1))]))],
            pieceFile: "item.txt", backgroundFile: "item.txt",
            answerFile: "item.txt")
          : nil
      })
  }

  func manifest(_ out: String, _ name: String = "manifest.jsonl") throws -> [String] {
    try String(contentsOfFile: root.path + "/" + out + "/" + name, encoding: .utf8)
      .split(separator: "\n").map(String.init)
  }

  func testManifestIsInIndexOrderAndIdenticalForAnyJobs() throws {
    let one = try engine("one").run()
    let three = try engine("three", jobs: 3).run()
    XCTAssertEqual(one.progress.made, 10)
    XCTAssertEqual(three.progress.made, 10)
    XCTAssertTrue(one.failures.isEmpty)
    let lines = try manifest("one")
    XCTAssertEqual(lines, try manifest("three"))
    XCTAssertEqual(lines.count, 10)
    XCTAssertTrue(
      lines[4].hasPrefix(
        #"{"index":4,"source":"b.png","seed":\#(BatchDerivation.itemSeed(base: 9, index: 4)),"target":{"x":4,"y":1},"files":{"piece":"000004/item.txt""#
      ), lines[4])
    XCTAssertTrue(lines[4].hasSuffix(#""status":"made"}"#))
    for line in lines { XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8))) }
  }

  /// Items are written by the writer threads, each exactly once, every one before `run` returns,
  /// and the manifest is the same whatever order the writes finish in.
  func testEveryMadeItemIsWrittenOnceBeforeRunReturns() throws {
    let calls = Calls()
    let summary = try engine("w", jobs: 2, count: 40, calls: calls).run()
    XCTAssertEqual(summary.progress.made, 40)
    XCTAssertEqual(calls.written.sorted(), Array(0..<40))
    for i in 0..<40 {
      XCTAssertTrue(
        FileManager.default.fileExists(atPath: root.path + "/w/" + String(format: "%06d", i) + "/item.txt"),
        "\(i)")
    }
    XCTAssertEqual(
      try manifest("w"),
      try {
        _ = try engine("w1", count: 40).run(); return try manifest("w1")
      }())
  }

  /// A write that fails fails its item (reported, in the manifest, in the exit code) and the rest
  /// are still written.
  func testAFailedWriteFailsOnlyItsItem() throws {
    let request = BatchRequest(
      count: 6, outputDirectory: root.path + "/wf", inputs: .procedural, baseSeed: 9, jobs: 2)
    let engine = BatchEngine<String>(
      request: request, load: { $0 },
      make: { item, _ in
        PendingItem {
          if item.index == 3 { throw CaptchaError(.io, "The disk refused item 3.") }
          return BatchItemRecord(fields: [], pieceFile: "p", backgroundFile: "b", answerFile: "a")
        }
      },
      existing: { _ in nil })
    let summary = try engine.run()
    XCTAssertEqual(summary.progress.made, 5)
    XCTAssertEqual(summary.failures.map { $0.index }, [3])
    XCTAssertEqual(summary.outputFailure?.kind, .io)
    XCTAssertEqual(try manifest("wf").count, 6)
  }

  func testEachBackgroundIsDecodedOnceWhateverTheWorkers() throws {
    for jobs in [1, 2, 3] {
      let calls = Calls()
      _ = try engine("out-\(jobs)", jobs: jobs, count: 300, calls: calls).run()
      XCTAssertEqual(calls.made.count, 300)
      // 3 backgrounds, one window: the workers share the decodes (a cache per worker decoded each
      // background once per worker).
      XCTAssertEqual(calls.loads.count, 3, "\(jobs) jobs: \(calls.loads.count) decodes for 300 items")
    }
  }

  /// The next background is decoded while the current one's items are still being made, so with
  /// several workers none of them waits for a decode when the work order reaches it.
  func testTheNextBackgroundIsDecodedBeforeTheCurrentOnesItemsRunOut() throws {
    let calls = Calls()
    _ = try engine("ahead", count: 30, calls: calls).run()
    let events = calls.events
    XCTAssertEqual(events.filter { $0.hasPrefix("load") }, ["load a.png", "load b.png", "load c.png"])
    for (current, next) in [("A", "b.png"), ("B", "c.png")] {
      let load = try XCTUnwrap(events.firstIndex(of: "load \(next)"))
      let lastMake = try XCTUnwrap(events.lastIndex(of: "make \(current)"))
      XCTAssertLessThan(load, lastMake, "\(next) is loaded before the last item on \(current) is made")
    }
  }

  func testShardsComposeToTheUnshardedBatch() throws {
    _ = try engine("all").run()
    var shardLines: [String] = []
    for i in 0..<3 {
      let s = try BatchShard(index: i, count: 3)
      let summary = try engine("sharded", shard: s).run()
      XCTAssertEqual(summary.progress.total, i == 0 ? 4 : 3)
      shardLines += try manifest("sharded", "manifest.shard-\(i)-of-3.jsonl")
    }
    let index = { (l: String) in Int(l.split(separator: ",")[0].split(separator: ":")[1])! }
    XCTAssertEqual(shardLines.sorted { index($0) < index($1) }, try manifest("all"))
    for i in 0..<10 {
      let name = BatchDerivation.folderName(index: i, count: 10) + "/item.txt"
      XCTAssertEqual(
        FileManager.default.contents(atPath: root.path + "/all/" + name),
        FileManager.default.contents(atPath: root.path + "/sharded/" + name))
    }
  }

  func testBadBackgroundFailsItsItemsAndTheRestContinue() throws {
    try Data("BAD".utf8).write(to: URL(fileURLWithPath: imagesDir + "/b.png"))
    let calls = Calls()
    var reported: [Int] = []
    let lock = NSLock()
    let summary = try engine("out", jobs: 2, calls: calls).run(failure: { item, _ in
      lock.lock()
      reported.append(item.index)
      lock.unlock()
    })
    XCTAssertEqual(summary.failures.map(\.index), [1, 4, 7])
    XCTAssertEqual(reported.sorted(), [1, 4, 7])
    XCTAssertEqual(summary.progress.made, 7)
    XCTAssertEqual(summary.progress.failed, 3)
    XCTAssertFalse(summary.failures.isEmpty)
    XCTAssertNil(summary.outputFailure)
    XCTAssertTrue(summary.failures[0].error.message.contains("b.png"))
    let lines = try manifest("out")
    XCTAssertEqual(lines.count, 10)
    XCTAssertTrue(lines[1].contains(#""status":"failed","error":"The file "#), lines[1])
    XCTAssertEqual(calls.loads.filter { $0.hasSuffix("b.png") }.count, 1, "a bad file is decoded once")
  }

  func testResumeSkipsCompleteItemsCleansTempFilesAndGivesTheSameManifest() throws {
    _ = try engine("full").run()
    _ = try engine("cut").run()
    let cut = root.path + "/cut/"
    try FileManager.default.removeItem(atPath: cut + "000003")
    try FileManager.default.removeItem(atPath: cut + "000008/item.txt")
    try Data("partial".utf8).write(to: URL(fileURLWithPath: cut + "000008/.item.txt.tmp-123-4"))
    try Data("partial".utf8).write(to: URL(fileURLWithPath: cut + "000001/.item.txt.tmp-123-5"))
    try Data("{\"index\":0".utf8).write(to: URL(fileURLWithPath: cut + "manifest.jsonl"))
    let calls = Calls()
    let summary = try engine("cut", jobs: 2, resume: true, calls: calls).run()
    XCTAssertEqual(calls.made.sorted(), [3, 8])
    XCTAssertEqual(summary.progress.skipped, 8)
    XCTAssertEqual(summary.progress.made, 2)
    XCTAssertEqual(try manifest("cut"), try manifest("full"))
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cut + "000008"), ["item.txt"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cut + "000001"), ["item.txt"])
  }

  func testUnwritableOutputFolderIsCannotCreate() throws {
    try Data().write(to: URL(fileURLWithPath: root.path + "/file"))
    XCTAssertThrowsError(try engine("file/out").run()) { error in
      XCTAssertEqual((error as? CaptchaError)?.kind, .cannotCreate)
    }
  }

  func testOutputFailureIsTheFirstFailureToWrite() {
    let p = BatchProgress(total: 4)
    let data = CaptchaError(.badData, "bg.png: not a PNG, JPEG or WebP image")
    let missing = CaptchaError(.missingInput, "x.png: no such file")
    let disk = CaptchaError(.io, "cannot write 'out/000003/piece.png': No space left on device")
    let folder = CaptchaError(.cannotCreate, "out/000002: cannot create the output folder")
    XCTAssertNil(BatchSummary(progress: p, failures: []).outputFailure)
    XCTAssertNil(
      BatchSummary(progress: p, failures: [(0, "bg.png", data), (1, "x.png", missing)]).outputFailure)
    XCTAssertEqual(
      BatchSummary(progress: p, failures: [(0, "bg.png", data), (2, "a", folder), (3, "b", disk)])
        .outputFailure,
      folder)
  }
}
