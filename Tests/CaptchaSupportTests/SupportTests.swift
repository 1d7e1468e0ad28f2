import CSHA256
import CaptchaTestSupport
import Foundation
import XCTest

@testable import CaptchaSupport

final class RandomTests: XCTestCase {
  func testSplitMix64MatchesReferenceOutputs() {
    var g = SplitMix64(seed: 1_234_567)
    let expected: [UInt64] = [
      6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
      4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
    ]
    XCTAssertEqual((0..<5).map { _ in g.next() }, expected)
  }

  func testXoshiroMatchesReferenceOutputsFromKnownState() {
    var g = Xoshiro256StarStar(state: (1, 2, 3, 4))
    let expected: [UInt64] = [
      11520, 0, 1_509_978_240, 1_215_971_899_390_074_240, 1_216_172_134_540_287_360,
      607_988_272_756_665_600,
    ]
    XCTAssertEqual((0..<6).map { _ in g.next() }, expected)
  }

  func testSameSeedSameSequenceAndStreamsDiffer() {
    var a = Xoshiro256StarStar(seed: 42)
    var b = Xoshiro256StarStar(seed: 42)
    var c = Xoshiro256StarStar(seed: 42, stream: 1)
    var d = Xoshiro256StarStar(seed: 42, stream: 2)
    let sa = (0..<8).map { _ in a.next() }
    XCTAssertEqual(sa, (0..<8).map { _ in b.next() })
    let sc = (0..<8).map { _ in c.next() }
    XCTAssertNotEqual(sa, sc)
    XCTAssertNotEqual(sc, (0..<8).map { _ in d.next() })
  }

  func testBoundedDrawStaysInRangeAndIsRoughlyUniform() {
    var g = Xoshiro256StarStar(seed: 7)
    var counts = [Int](repeating: 0, count: 6)
    for _ in 0..<60_000 {
      let v = g.next(below: 6)
      XCTAssertLessThan(v, 6)
      counts[Int(v)] += 1
    }
    for c in counts { XCTAssertEqual(Double(c), 10_000, accuracy: 400) }
    // A bound that is not a power of two and is close to 2^64 exercises the rejection path.
    let big = UInt64.max / 3 * 2
    for _ in 0..<1000 { XCTAssertLessThan(g.next(below: big), big) }
    XCTAssertEqual(g.next(below: 1), 0)
  }

  func testNextIntInclusiveRangeHitsBothEnds() {
    var g = Xoshiro256StarStar(seed: 9)
    var seen = Set<Int>()
    for _ in 0..<500 { seen.insert(g.nextInt(in: -2...2)) }
    XCTAssertEqual(seen, [-2, -1, 0, 1, 2])
  }

  func testNextDoubleIsInUnitIntervalWith53Bits() {
    var g = Xoshiro256StarStar(seed: 3)
    var sum = 0.0
    for _ in 0..<10_000 {
      let d = g.nextDouble()
      XCTAssert(d >= 0 && d < 1)
      XCTAssertEqual(d * 0x1.0p53, (d * 0x1.0p53).rounded(), "a multiple of 2^-53")
      sum += d
    }
    XCTAssertEqual(sum / 10_000, 0.5, accuracy: 0.02)
  }
}

final class SHA256Tests: XCTestCase {
  func testKnownVectors() {
    XCTAssertEqual(
      SHA256.hexDigest([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    XCTAssertEqual(
      SHA256.hexDigest(Array("abc".utf8)),
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    XCTAssertEqual(
      SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    XCTAssertEqual(
      SHA256.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// The processor's SHA instructions and the portable rounds give the same state for runs of
  /// 1…40 blocks of varied data (on a machine without the instructions both are the portable path).
  func testSHAExtensionsAndPortableRoundsAgree() {
    var rng = Xoshiro256StarStar(seed: 256, stream: 1)
    let data = (0..<(64 * 40 + 13)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
    for blocks in 1...40 {
      let offset = blocks % 13
      var fast = (0..<8).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
      var slow = fast
      data.withUnsafeBufferPointer { p in
        csha256_blocks(&fast, p.baseAddress! + offset, blocks)
        csha256_blocks_portable(&slow, p.baseAddress! + offset, blocks)
      }
      XCTAssertEqual(fast, slow, "\(blocks) blocks at offset \(offset)")
    }
  }

  func testIncrementalUpdatesMatchOneShotAtEveryBlockBoundary() {
    let data = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    for len in [55, 56, 63, 64, 65, 119, 128, 300] {
      let msg = Array(data[0..<len])
      for chunk in [1, 7, 64, 100] {
        var h = SHA256()
        var i = 0
        while i < msg.count {
          h.update(Array(msg[i..<min(i + chunk, msg.count)]))
          i += chunk
        }
        XCTAssertEqual(h.finalize(), SHA256.hash(msg), "len \(len) chunk \(chunk)")
      }
    }
  }
}

final class AtomicFileTests: XCTestCase {
  func testWritesBytesAndLeavesNoTemporaryFile() throws {
    let dir = try TestDirs.make()
    let path = dir.appendingPathComponent("out.bin").path
    try AtomicFile.write([1, 2, 3], to: path)
    try AtomicFile.write([4, 5], to: path)
    XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), [4, 5])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.bin"])
  }

  func testSeveralFilesAppearTogetherOrNotAtAll() throws {
    let dir = try TestDirs.make()
    let paths = ["a.png", "b.png", "c.json"].map { dir.appendingPathComponent($0).path }
    try AtomicFile.write(zip(paths, [[1], [2, 2], [3, 3, 3]]).map { ($0, $1) })
    XCTAssertEqual(
      paths.map { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }, [[1], [2, 2], [3, 3, 3]])
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["a.png", "b.png", "c.json"])

    // The third cannot be renamed into place (a folder has its name): the first two, already in
    // place, are removed again, and no temporary file is left.
    let other = try TestDirs.make()
    let blocked = ["a.png", "b.png", "c.json"].map { other.appendingPathComponent($0).path }
    try FileManager.default.createDirectory(atPath: blocked[2], withIntermediateDirectories: false)
    try FileManager.default.createDirectory(
      atPath: blocked[2] + "/inside", withIntermediateDirectories: false)
    XCTAssertThrowsError(try AtomicFile.write(blocked.map { ($0, [7]) }, durable: false)) { e in
      XCTAssertEqual((e as? CaptchaError)?.kind, .cannotCreate)
      XCTAssertTrue((e as? CaptchaError)?.message.hasPrefix(blocked[2]) ?? false, "\(e)")
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: other.path), ["c.json"])
  }

  func testNamedTemporariesWriteAndRollBackTheSameWay() throws {
    // The path taken where unnamed temporary files are missing (not Linux, or a file system
    // without O_TMPFILE): same files, same rollback, no `.NAME.tmp-*` left behind.
    let dir = try TestDirs.make()
    let paths = ["a.png", "b.png"].map { dir.appendingPathComponent($0).path }
    for round in 0..<2 {
      let bytes: [[UInt8]] = [[UInt8(round)], [2, 2, UInt8(round)]]
      try AtomicFile.write(zip(paths, bytes).map { ($0, $1) }, durable: true, unnamedTemporaries: false)
      XCTAssertEqual(paths.map { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }, bytes)
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["a.png", "b.png"])

    try FileManager.default.createDirectory(
      atPath: dir.appendingPathComponent("c.json/inside").path, withIntermediateDirectories: true)
    let blocked = ["d.png", "c.json"].map { dir.appendingPathComponent($0).path }
    XCTAssertThrowsError(
      try AtomicFile.write(blocked.map { ($0, [7]) }, durable: false, unnamedTemporaries: false)
    ) { e in
      XCTAssertEqual((e as? CaptchaError)?.kind, .cannotCreate)
    }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["a.png", "b.png", "c.json"])
  }

  func testANewFileIsNeverSeenUnderATemporaryName() throws {
    // Where the system has unnamed temporary files (Linux), writing a new file adds no entry to
    // the folder but the file's own: a second thread listing the folder all along sees no other.
    #if os(Linux)
      let dir = try TestDirs.make()
      let names = (0..<60).map { "f\($0).bin" }
      var seen = Set<String>()
      let deadline = Date().addingTimeInterval(30)
      DispatchQueue.concurrentPerform(iterations: 2) { t in
        if t == 0 {
          for (k, name) in names.enumerated() {
            try? AtomicFile.write(
              [UInt8](repeating: UInt8(k), count: 100_000), to: dir.appendingPathComponent(name).path,
              durable: false)
          }
        } else {
          while !seen.isSuperset(of: names) && Date() < deadline {
            seen.formUnion((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
          }
        }
      }
      XCTAssertEqual(seen.subtracting(names), [])
      XCTAssertEqual(
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), names.sorted())
    #endif
  }

  func testARelativePathIsWrittenInTheCurrentFolder() throws {
    let dir = try TestDirs.make()
    let previous = FileManager.default.currentDirectoryPath
    XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(dir.path))
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    try AtomicFile.write([9, 8], to: "rel.bin")
    try FileManager.default.createDirectory(atPath: "sub", withIntermediateDirectories: false)
    try AtomicFile.write([7], to: "sub/inner.bin")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["rel.bin", "sub"])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/sub"), ["inner.bin"])
  }

  func testUncreatableFolderIsCannotCreateNamingThePath() throws {
    let dir = try TestDirs.make()
    let blocker = dir.appendingPathComponent("file")
    try Data([0]).write(to: blocker)
    let path = blocker.appendingPathComponent("x.png").path
    XCTAssertThrowsError(try AtomicFile.write([1], to: path)) { e in
      let err = e as? CaptchaError
      XCTAssertEqual(err?.kind, .cannotCreate)
      XCTAssertTrue(err?.message.contains(path) ?? false, err?.message ?? "")
    }
  }
}

final class JSONWriterTests: XCTestCase {
  func testKeyOrderIntegersAndEscapes() {
    let v = JSONValue.object([
      ("schema", .int(1)), ("z", .string("a\"b\\c\n\u{1}")),
      ("seed", .uint(UInt64.max)), ("d", .double(2)), ("e", .double(0.5)),
      ("pt", .object([("x", .int(0)), ("y", .int(-51))])), ("list", .array([.bool(true), .null])),
    ])
    XCTAssertEqual(
      JSONWriter.string(v),
      """
      {
        "schema": 1,
        "z": "a\\"b\\\\c\\n\\u0001",
        "seed": 18446744073709551615,
        "d": 2,
        "e": 0.5,
        "pt": { "x": 0, "y": -51 },
        "list": [
          true,
          null
        ]
      }

      """)
  }

  func testOutputParsesAsJSON() throws {
    let v = JSONValue.object([("a", .object([("b", .string("é ü"))])), ("n", .int(3))])
    let obj = try JSONSerialization.jsonObject(with: Data(JSONWriter.bytes(v))) as? [String: Any]
    XCTAssertEqual((obj?["a"] as? [String: Any])?["b"] as? String, "é ü")
    XCTAssertEqual(obj?["n"] as? Int, 3)
  }
}

/// ForkJoin runs every part exactly once, whatever the thread count, and bands tile a range.
final class ForkJoinTests: XCTestCase {
  func testEveryPartRunsOnceOnAnyNumberOfThreads() {
    for threads in [1, 2, 3, 8] {
      var counts = [Int](repeating: 0, count: 7)
      counts.withUnsafeMutableBufferPointer { c in
        ForkJoin.run(parts: 7, threads: threads) { part in c[part] += 1 }
      }
      XCTAssertEqual(counts, [Int](repeating: 1, count: 7), "\(threads) threads")
    }
  }

  func testBothReturnsEachResult() {
    let (a, b) = ForkJoin.both(threads: 2, { (0..<1000).reduce(0, +) }, { "second" })
    XCTAssertEqual(a, 499_500)
    XCTAssertEqual(b, "second")
  }

  func testBandsTileTheRangeInOrder() {
    for (count, parts) in [(10, 3), (2, 5), (0, 2), (1000, 2)] {
      let bands = ForkJoin.bands(count, parts: parts)
      XCTAssertEqual(bands.flatMap { Array($0) }, Array(0..<count), "\(count) in \(parts)")
      XCTAssertLessThanOrEqual(bands.count, max(1, parts))
      let lengths = bands.map(\.count)
      XCTAssertLessThanOrEqual((lengths.max() ?? 0) - (lengths.min() ?? 0), 1)
    }
  }
}
