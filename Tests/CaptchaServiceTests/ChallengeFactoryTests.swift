import CaptchaKit
import CaptchaService
import XCTest

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

final class ChallengeFactoryTests: XCTestCase {
  func testMakesEachKindInMemoryWithPublicFactsOnly() throws {
    for kind in KindCatalog.names {
      let ready = try ServiceFixtures.factory(kind).make()
      XCTAssertEqual(ready.kind, kind)
      XCTAssertEqual(Array(ready.background.bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], kind)
      XCTAssertEqual(ready.background.mediaType, "image/png")
      XCTAssertEqual(Array(ready.piece.bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], kind)
      let header = try AnswerHeader.decode(ready.answer, name: "answer")
      XCTAssertEqual(header.kindName, kind)
      XCTAssertEqual(ready.facts.width, header.background.width)
      XCTAssertEqual(ready.facts.pieceHeight, header.piece.height)
      let facts = JSONWriter.text(.object(ready.facts.jsonMembers), layout: .compact)
      for secret in ["target", "angle", "sequence", "seed", "tolerance"] {
        XCTAssertFalse(facts.contains(secret), "\(kind) facts give away \(secret): \(facts)")
      }
    }
  }

  func testKindFactsMatchTheAnswer() throws {
    let slide = try ServiceFixtures.factory("slide").make()
    let slideAnswer = try SlideAnswer.parse(slide.answer, name: "a")
    XCTAssertEqual(slide.facts["start"], slideAnswer.start.json)
    XCTAssertEqual(slide.facts["mode"], .string("horizontal"))
    let rotate = try ServiceFixtures.factory("rotate").make()
    XCTAssertEqual(rotate.facts["center"], try RotateAnswer.parse(rotate.answer, name: "a").center.json)
    let pattern = try ServiceFixtures.factory("pattern").make()
    let patternAnswer = try PatternAnswer.parse(pattern.answer, name: "a")
    XCTAssertEqual(pattern.facts["dots"], .array(patternAnswer.dots.map(\.json)))
    XCTAssertEqual(pattern.facts["length"], .int(Int64(patternAnswer.sequence.count)))
    XCTAssertEqual(pattern.facts["radius"], .int(Int64(patternAnswer.radius)))
  }

  func testSeedsDifferBetweenChallenges() throws {
    let factory = try ServiceFixtures.factory("slide")
    let seeds = try (0..<4).map { _ in try AnswerHeader.decode(factory.make().answer, name: "a").seed }
    XCTAssertEqual(Set(seeds).count, 4)
  }

  func testPicksBackgroundsFromFiles() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("service-bg-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("photo.png").path
    let picture = ProceduralBackground.make(width: 400, height: 200, seed: 7)
    try Data(ImageCodec.encodePNG(picture, keepAlpha: false)).write(to: URL(fileURLWithPath: path))
    let ready = try ServiceFixtures.factory("slide", backgrounds: .files([path])).make()
    let header = try AnswerHeader.decode(ready.answer, name: "a")
    XCTAssertEqual(header.source?.file, "photo.png")
    XCTAssertEqual(ready.facts.width, 400)
  }
}
