import CaptchaKit
import CaptchaService
import ChallengeStoreTesting
import XCTest

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The analytics as an operator reads them: the memory store keeps the contract, the service counts
/// a scripted funnel exactly, and the report's figures (Wilson interval, quantiles, periods) are right.
final class AnalyticsTests: XCTestCase {
  func testMemoryStoreCountsAddUp() async throws {
    try await AnalyticsStoreContract.countsAddUp(MemoryAnalyticsStore())
  }

  func testMemoryStoreReadsKeepToPeriodAndSite() async throws {
    try await AnalyticsStoreContract.readsKeepToPeriodAndSite(MemoryAnalyticsStore())
  }

  func testMemoryStoreConcurrentAddsEachCount() async throws {
    try await AnalyticsStoreContract.concurrentAddsEachCount([MemoryAnalyticsStore()])
  }

  func testMemoryStoreDropKeepsRecentBuckets() async throws {
    try await AnalyticsStoreContract.dropKeepsRecentBuckets(MemoryAnalyticsStore())
  }

  static let shop = Site(sitekey: "shop", secrets: [SiteSecret(secret: "shop-secret")], hostnames: .any)
  static let sites = SiteRegistry(sites: [shop]).addingTestKeys()

  /// A wrong answer to a slide challenge: the right one moved 50 pixels sideways.
  static func wrongResponse(_ issued: IssuedChallenge) throws -> ClientResponse {
    var response = try ServiceFixtures.rightResponse(issued)
    let x = response.x!
    response.x = x > 60 ? x - 50 : x + 50
    return response
  }

  static let report = ClientReport(attempt: 1, shownMs: 200, solveMs: 2500, powMs: 300)

  func testAScriptedFunnelComesBackExactly() async throws {
    let clock = TestClock()
    try await ServiceFixtures.withService(
      settings: ServiceSettings(poolSize: 2), sites: Self.sites, clock: clock
    ) { service in
      var tokens: [PassToken] = []
      for _ in 0..<3 {
        let issued = try await service.issue(sitekey: "shop")
        let outcome = try await service.verify(
          id: issued.id, response: try ServiceFixtures.rightResponse(issued), report: Self.report)
        guard case .verdict(let verdict, let token?) = outcome, verdict.passed else {
          return XCTFail("\(outcome)")
        }
        tokens.append(token)
      }
      let missed = try await service.issue(sitekey: "shop")
      let failed = try await service.verify(
        id: missed.id, response: try Self.wrongResponse(missed), report: Self.report)
      XCTAssertFalse(failed.passed)
      let retry = try await service.issue(sitekey: "shop")
      var second = Self.report
      second.attempt = 2
      let later = try await service.verify(
        id: retry.id, response: try ServiceFixtures.rightResponse(retry), report: second)
      XCTAssertTrue(later.passed)
      _ = try await service.issue(sitekey: "shop")  // never answered
      let driven = try await service.issue(sitekey: "shop", automation: true)
      var webdriver = Self.report
      webdriver.webdriver = true
      _ = try await service.verify(
        id: driven.id, response: try ServiceFixtures.rightResponse(driven), report: webdriver)
      for token in tokens.prefix(2) {
        let result = try await service.siteverify(secret: "shop-secret", response: token.text)
        XCTAssertTrue(result.succeeded)
      }
      let replay = try await service.siteverify(secret: "shop-secret", response: tokens[0].text)
      XCTAssertEqual(replay, .failure(.used))
      _ = try await service.siteverify(secret: TestKeys.passSecret, response: "anything")
      clock.advance(by: ServiceSettings.defaultTTL + 1)
      try await service.sweep()

      let period = try AnalyticsPeriod.parse(since: "1h", until: nil, now: clock.now)
      let report = try await service.report(sitekey: "shop", period: period)
      XCTAssertEqual(report.sites.map(\.sitekey), ["shop"])
      let rows = report.sites[0].rows
      XCTAssertEqual(
        rows.map { "\($0.kind)/\($0.look)/\($0.audience.rawValue)" },
        [
          "slide/default/automation", "slide/default/people",
        ])
      let people = rows[1]
      XCTAssertEqual(people.total(.issued), 6)
      XCTAssertEqual(people.total(.shown), 5)
      XCTAssertEqual(people.total(.attempted), 5)
      XCTAssertEqual(people.total(.passedFirst), 3)
      XCTAssertEqual(people.total(.passedLater), 1)
      XCTAssertEqual(people.counts[.failed], ["not_in_gap": 1])
      XCTAssertEqual(people.total(.abandoned), 1)
      XCTAssertEqual(people.total(.tokens), 4)
      XCTAssertEqual(people.total(.siteverifySuccess), 2)
      XCTAssertEqual(people.counts[.siteverifyFailure], ["timeout-or-duplicate": 1])
      XCTAssertEqual(people.total(.level), 6, "one level per issued challenge")
      XCTAssertEqual(people.firstTryRate.value, 0.75)
      XCTAssertEqual(people.firstTryRate.low, 0.3006, accuracy: 1e-4)
      XCTAssertEqual(people.firstTryRate.high, 0.9544, accuracy: 1e-4)
      let solve = try XCTUnwrap(people.quantiles(.solveMs))
      XCTAssertEqual(solve.p50, 2500, accuracy: 1e-9, "every answer took 2.5 s: the 2-3 s bucket")
      XCTAssertTrue((2000...3000).contains(solve.p90))
      let automation = rows[0]
      XCTAssertEqual(automation.total(.issued), 1)
      XCTAssertEqual(automation.total(.passedFirst), 1)

      let all = try await service.report(sitekey: nil, period: period)
      let test = try XCTUnwrap(all.sites.first { $0.sitekey == TestKeys.passSitekey })
      XCTAssertEqual(test.rows.map(\.audience), [.automation], "a test key's siteverify is automation")
      XCTAssertEqual(test.rows.first?.total(.siteverifySuccess), 1)
    }
  }

  func testTheReportsJSONHasTheDocumentedShape() async throws {
    let labels = AnalyticsLabels(site: "shop", kind: "slide", look: "a")
    let bucket = AnalyticsBuckets.bucket(Date(timeIntervalSince1970: 1_800_000_000))
    let counts = [
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(labels, .issued), count: 10),
      AnalyticsCount(
        bucket: bucket, key: AnalyticsCounterKey(labels, .attempted, detail: "first"), count: 10),
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(labels, .passedFirst), count: 8),
      AnalyticsCount(
        bucket: bucket, key: AnalyticsCounterKey(labels, .failed, detail: "not_in_gap"), count: 2),
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(labels, .level, detail: "2"), count: 3),
      AnalyticsCount(bucket: bucket, key: AnalyticsCounterKey(labels, .level, detail: "10"), count: 7),
    ]
    let period = AnalyticsPeriod(
      since: Date(timeIntervalSince1970: 1_800_000_000), until: Date(timeIntervalSince1970: 1_800_003_600))
    let text = JSONWriter.text(AnalyticsReport(counts: counts, period: period).json, layout: .compact)
    XCTAssertEqual(
      text,
      #"{"since":"2027-01-15T08:00:00Z","until":"2027-01-15T09:00:00Z","sites":[{"sitekey":"shop","rows":[{"kind":"slide","look":"a","audience":"people","issued":10,"shown":0,"attempted":10,"passed_first":8,"passed_later":0,"failed":{"not_in_gap":2},"abandoned":0,"tokens":0,"siteverify_success":0,"siteverify_failure":{},"first_try_rate":{"value":0.8000,"low":0.4902,"high":0.9433},"solve_ms":{"p50":null,"p90":null},"pow_ms":{"p50":null,"p90":null},"levels":{"2":3,"10":7}}]}]}"#
    )
  }

  func testWilsonIntervalWithoutTrialsIsUnknown() {
    let none = Proportion.wilson(successes: 0, trials: 0)
    XCTAssertTrue(none.value.isNaN && none.low.isNaN && none.high.isNaN)
    let zero = Proportion.wilson(successes: 0, trials: 5)
    XCTAssertEqual(zero.low, 0)
    XCTAssertEqual(zero.high, 0.4345, accuracy: 1e-4)
  }

  func testTimesWithAnOffsetReadAsTheSameInstant() throws {
    let now = Date(timeIntervalSince1970: 1_900_000_000)
    let utc = try AnalyticsPeriod.parse(since: "2026-12-01T00:00:00Z", until: nil, now: now)
    for text in [
      "2026-12-01T01:00:00+01:00", "2026-12-01T01:00:00+0100", "2026-11-30T19:00:00-05:00",
      "2026-12-01T01:00:00.000+01:00",
    ] {
      XCTAssertEqual(try AnalyticsPeriod.parse(since: text, until: nil, now: now).since, utc.since, text)
    }
    let until = try AnalyticsPeriod.parse(since: "1h", until: "2026-12-01T01:00:00+01:00", now: now)
    XCTAssertEqual(until.until, utc.since)
    XCTAssertThrowsError(try AnalyticsPeriod.parse(since: "2026-12-01T01:00:00 01:00", until: nil, now: now))
    {
      XCTAssertEqual($0 as? AnalyticsReportError, .badSince("2026-12-01T01:00:00 01:00"))
    }
  }

  func testPeriodsReadDurationsAndTimesAndRefuseTheRest() throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let day = try AnalyticsPeriod.parse(since: nil, until: nil, now: now)
    XCTAssertEqual(day.since, now.addingTimeInterval(-86400))
    let week = try AnalyticsPeriod.parse(since: "7d", until: "2027-01-15T08:00:00Z", now: now)
    XCTAssertEqual(week.until, now)
    XCTAssertEqual(week.since, now.addingTimeInterval(-7 * 86400))
    XCTAssertEqual(
      try AnalyticsPeriod.parse(since: "30m", until: nil, now: now).since, now.addingTimeInterval(-1800))
    XCTAssertThrowsError(try AnalyticsPeriod.parse(since: "yesterday", until: nil, now: now)) {
      XCTAssertEqual($0 as? AnalyticsReportError, .badSince("yesterday"))
    }
    XCTAssertThrowsError(try AnalyticsPeriod.parse(since: "0h", until: nil, now: now))
    XCTAssertThrowsError(try AnalyticsPeriod.parse(since: nil, until: "tomorrow", now: now)) {
      XCTAssertEqual($0 as? AnalyticsReportError, .badUntil("tomorrow"))
    }
    XCTAssertThrowsError(
      try AnalyticsPeriod.parse(since: "2027-01-15T09:00:00Z", until: "2027-01-15T08:00:00Z", now: now)
    ) {
      XCTAssertEqual(($0 as? AnalyticsReportError)?.code, .emptyPeriod)
    }
  }

  func testAReportForASiteNoOneHasIsRefused() async throws {
    try await ServiceFixtures.withService(sites: Self.sites) { service in
      let period = try AnalyticsPeriod.parse(since: nil, until: nil, now: Date())
      do {
        _ = try await service.report(sitekey: "nosuch", period: period)
        XCTFail("an unknown site was reported")
      } catch let error as AnalyticsReportError {
        XCTAssertEqual(error, .unknownSite("nosuch"))
      }
    }
  }

  func testOldBucketsAreDroppedAtTheSweep() async throws {
    let clock = TestClock()
    try await ServiceFixtures.withService(
      settings: ServiceSettings(poolSize: 2, analyticsRetention: 3600), sites: Self.sites, clock: clock
    ) { service in
      _ = try await service.issue(sitekey: "shop")
      clock.advance(by: 7200)
      try await service.sweep()
      let counts = try await service.analytics.analytics(site: nil, from: 0, to: Int64.max)
      XCTAssertEqual(counts.map(\.key.metric), [.abandoned], "the issue's bucket is past the retention")
    }
  }
}

final class MemoryAnalyticsLabelsTests: XCTestCase {
  func testLabelsTravelWithChallengesAndTokens() async throws {
    try await AnalyticsStoreContract.labelsTravel(
      challenges: MemoryChallengeStore(), tokens: MemoryPassTokenStore())
  }
}
