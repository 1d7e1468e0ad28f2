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

final class BatchShardTests: XCTestCase {
  func testShardsPartitionTheBatch() throws {
    let total = 23
    var seen: [Int] = []
    for i in 0..<4 { seen += Array(try BatchShard(index: i, count: 4).indices(total: total)) }
    XCTAssertEqual(seen.sorted(), Array(0..<total))
    XCTAssertEqual(Array(try BatchShard(index: 1, count: 4).indices(total: 10)), [1, 5, 9])
    XCTAssertEqual(Array(try BatchShard(index: 5, count: 8).indices(total: 3)), [])
    XCTAssertEqual(Array(BatchShard.all.indices(total: 3)), [0, 1, 2])
  }

  func testShardItemCountAndIndexAgreeWithTheIndexList() throws {
    for n in 1...5 {
      for i in 0..<n {
        let shard = try BatchShard(index: i, count: n)
        for total in [0, 1, 2, 7, 23] {
          let list = Array(shard.indices(total: total))
          XCTAssertEqual(shard.itemCount(total: total), list.count, "\(i)/\(n) of \(total)")
          XCTAssertEqual((0..<list.count).map { shard.itemIndex(at: $0) }, list)
        }
      }
    }
    XCTAssertEqual(BatchShard.all.itemCount(total: 1_000_000_000_000), 1_000_000_000_000)
  }

  func testImpossibleShardsAreUsageErrors() {
    for (i, n) in [(4, 4), (-1, 4), (0, 0), (0, -2)] {
      XCTAssertThrowsError(try BatchShard(index: i, count: n), "\(i)/\(n)") { error in
        XCTAssertEqual((error as? CaptchaError)?.kind, .usage)
      }
    }
  }
}

final class BatchInputsTests: XCTestCase {
  var dir: URL!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("inputs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func testFolderListsImagesSortedByName() throws {
    for name in ["b.png", "a.JPG", "c.jpeg", "notes.txt", ".hidden.png", "B.png"] {
      try Data([1]).write(to: dir.appendingPathComponent(name))
    }
    guard case .files(let files) = try BatchInputs.folder(dir.path) else { return XCTFail("files") }
    XCTAssertEqual(files.map(\.name), ["B.png", "a.JPG", "b.png", "c.jpeg"])
    XCTAssertEqual(files[0].path, dir.path + "/B.png")
  }

  func testEmptyOrMissingFolderIsAnError() throws {
    XCTAssertThrowsError(try BatchInputs.folder(dir.path)) { error in
      XCTAssertEqual((error as? CaptchaError)?.kind, .missingInput)
      XCTAssertTrue("\(error)".contains("no PNG, JPEG or WebP"))
    }
    XCTAssertThrowsError(try BatchInputs.folder(dir.path + "/nope")) { error in
      XCTAssertEqual((error as? CaptchaError)?.kind, .missingInput)
    }
  }

  func testListKeepsOrderAndSkipsCommentsAndBlanks() throws {
    let list = dir.appendingPathComponent("list.txt")
    try "z.png\n\n# comment\n  a.jpg  \r\nsub/m.png\n".write(to: list, atomically: true, encoding: .utf8)
    XCTAssertEqual(try BatchInputs.list(list.path).count, 3)
    guard case .files(let files) = try BatchInputs.list(list.path) else { return XCTFail("files") }
    XCTAssertEqual(files.map(\.name), ["z.png", "a.jpg", "sub/m.png"])
    XCTAssertThrowsError(try BatchInputs.list(dir.path + "/missing.txt")) { error in
      XCTAssertEqual((error as? CaptchaError)?.kind, .missingInput)
    }
  }
}
