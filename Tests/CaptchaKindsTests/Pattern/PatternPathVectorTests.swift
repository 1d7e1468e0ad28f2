import CaptchaKinds
import Foundation
import VectorRaster
import XCTest

/// The shared path vectors in Fixtures/pattern-paths.json, which the browser test also runs through
/// widget.js's `resolvePattern`: the server's resolver and the widget's give the same dots.
final class PatternPathVectorTests: XCTestCase {
  struct Vectors: Decodable {
    struct Case: Decodable {
      var name: String
      var radius: Double
      var dots: [[Double]]
      var path: [[Double]]
      var visited: [Int]
    }
    var cases: [Case]
  }

  static var fixture: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Fixtures/pattern-paths.json")
  }

  func testTheResolverVisitsTheDotsEveryVectorExpects() throws {
    let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: Self.fixture))
    XCTAssertGreaterThan(vectors.cases.count, 30, "the fixture holds the hand-made and the drag cases")
    for vector in vectors.cases {
      let points = { (pairs: [[Double]]) in pairs.map { Point($0[0], $0[1]) } }
      let resolver = PatternPathResolver(dots: points(vector.dots), radius: vector.radius)
      XCTAssertEqual(resolver.visited(points(vector.path)), vector.visited, vector.name)
    }
  }
}
