import XCTest

@testable import CaptchaCheck
@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

final class SelfAttackTallyTests: XCTestCase {
  func report(_ edge: (Int, Bool), _ ncc: (Int, Bool)) -> SelfAttackReport {
    SelfAttackReport(verdicts: [
      AttackVerdict(attack: "edge-match", guess: nil, rank: edge.0, candidates: 261, cracked: edge.1),
      AttackVerdict(attack: "ncc-ccoeff", guess: nil, rank: ncc.0, candidates: 261, cracked: ncc.1),
    ])
  }

  func testSharesAndMedianRanks() {
    let tally = SelfAttackTally()
    tally.add(report((1, true), (40, false)))
    tally.add(report((3, false), (1, true)))
    tally.add(report((9, false), (50, false)))
    tally.add(report((1, true), (1, true)))
    XCTAssertEqual(tally.count, 4)
    XCTAssertEqual(
      tally.summaryLine,
      "check: 4 items; edge-match cracked 2 (50.0%, median rank 1), "
        + "ncc-ccoeff cracked 2 (50.0%, median rank 1); any attack 3 (75.0%)")
    tally.addError()
    XCTAssertTrue(tally.summaryLine.hasSuffix("; 1 not checked"))
  }

  func testOrderOfArrivalDoesNotMatter() {
    let reports = [
      report((1, true), (7, false)), report((5, false), (2, false)), report((8, false), (9, true)),
    ]
    let a = SelfAttackTally()
    let b = SelfAttackTally()
    for r in reports { a.add(r) }
    for r in reports.reversed() { b.add(r) }
    XCTAssertEqual(a.summaryLine, b.summaryLine)
  }
}
