import CaptchaService
import XCTest

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `ClientActivityStore` contract as assertions, run against every store (memory in
/// CaptchaServiceTests, PostgreSQL in CaptchaStorePostgresTests). Each check wants an empty store.
public enum ClientActivityStoreContract {
  public static let now = Date(timeIntervalSince1970: 1_800_000_000)
  public static let rules = ActivityRules(
    halfLife: 100, clientShareOfSite: ActivityScores(requests: 5, failures: 2))

  static func scores(_ admission: Admission) throws -> (client: ActivityScores, site: ActivityScores) {
    guard case .admitted(let client, let site) = admission else {
      XCTFail("expected admitted, got \(admission)")
      throw CancellationError()
    }
    return (client, site)
  }

  /// Requests add their weight to the client's score; the score halves every half-life.
  public static func requestsCountAndDecay(_ store: any ClientActivityStore) async throws {
    _ = try await store.admit(ActivityRequest(client: "192.0.2.0/24", site: "s"), rules: rules, now: now)
    let second = try scores(
      try await store.admit(
        ActivityRequest(client: "192.0.2.0/24", site: "s", weight: 3), rules: rules, now: now))
    XCTAssertEqual(second.client.requests, 4, accuracy: 1e-9)
    let later = try scores(
      try await store.admit(
        ActivityRequest(client: "192.0.2.0/24", site: "s"), rules: rules, now: now.addingTimeInterval(200)))
    XCTAssertEqual(later.client.requests, 4 / 4 + 1, accuracy: 1e-6, "two half-lives later a quarter is left")
    let other = try scores(
      try await store.admit(ActivityRequest(client: "198.51.100.0/24", site: "s"), rules: rules, now: now))
    XCTAssertEqual(other.client.requests, 1, accuracy: 1e-9, "another client starts from nothing")
  }

  /// The window admits `limit` per minute, answers how long to wait, and restarts after a minute.
  public static func limitPerWindow(_ store: any ClientActivityStore) async throws {
    let request = ActivityRequest(client: "203.0.113.0/24", site: "s", limitPerMinute: 3)
    for _ in 0..<3 { _ = try scores(try await store.admit(request, rules: rules, now: now)) }
    let limited = try await store.admit(request, rules: rules, now: now.addingTimeInterval(20))
    XCTAssertEqual(limited, .limited(retryAfter: 40))
    let heavy = try await store.admit(
      ActivityRequest(client: "203.0.113.0/24", site: "s", weight: 3, limitPerMinute: 3), rules: rules,
      now: now.addingTimeInterval(59))
    XCTAssertEqual(heavy, .limited(retryAfter: 1))
    _ = try scores(try await store.admit(request, rules: rules, now: now.addingTimeInterval(60)))
  }

  /// Of many concurrent requests, exactly the limit is admitted.
  public static func concurrentLimit(_ stores: [any ClientActivityStore]) async throws {
    let request = ActivityRequest(client: "192.0.2.0/24", site: "s", limitPerMinute: 10)
    let results = try await withThrowingTaskGroup(of: Admission.self) { group in
      for attempt in 0..<40 {
        let store = stores[attempt % stores.count]
        group.addTask { try await store.admit(request, rules: rules, now: now) }
      }
      return try await group.reduce(into: [Admission]()) { $0.append($1) }
    }
    XCTAssertEqual(results.filter { if case .admitted = $0 { return true } else { return false } }.count, 10)
  }

  /// One client counts for at most its share of a site's scores; other clients add theirs.
  public static func siteShareIsCappedPerClient(_ store: any ClientActivityStore) async throws {
    var site = ActivityScores.zero
    for _ in 0..<20 {
      site = try scores(
        try await store.admit(ActivityRequest(client: "bot", site: "s"), rules: rules, now: now)
      ).site
    }
    XCTAssertEqual(site.requests, 5, accuracy: 1e-9)
    for _ in 0..<10 { try await store.recordFailure(client: "bot", site: "s", rules: rules, now: now) }
    let person = try scores(
      try await store.admit(ActivityRequest(client: "person", site: "s"), rules: rules, now: now))
    XCTAssertEqual(person.site.requests, 6, accuracy: 1e-9)
    XCTAssertEqual(person.site.failures, 2, accuracy: 1e-9, "the bot's failures count twice at most")
    XCTAssertEqual(person.client.failures, 0)
    let bot = try scores(
      try await store.admit(ActivityRequest(client: "bot", site: "s"), rules: rules, now: now))
    XCTAssertEqual(bot.client.failures, 10, accuracy: 1e-9)
    let otherSite = try scores(
      try await store.admit(ActivityRequest(client: "person", site: "t"), rules: rules, now: now))
    XCTAssertEqual(otherSite.site, ActivityScores(requests: 1, failures: 0))
  }

  /// A pass takes its requests off the client's request score (the issue's weight off the site's),
  /// counts in the client's pass score, which decays like the others, and leaves no score below 0.
  public static func passesRefundRequests(_ store: any ClientActivityStore) async throws {
    _ = try await store.admit(ActivityRequest(client: "person", site: "s", weight: 3), rules: rules, now: now)
    _ = try await store.admit(ActivityRequest(client: "person", site: nil), rules: rules, now: now)
    _ = try await store.admit(ActivityRequest(client: "person", site: nil), rules: rules, now: now)
    try await store.recordPass(
      ActivityPass(client: "person", site: "s", issueWeight: 3, verifyWeight: 1), rules: rules, now: now)
    let after = try scores(
      try await store.admit(ActivityRequest(client: "person", site: "s"), rules: rules, now: now))
    XCTAssertEqual(after.client, ActivityScores(requests: 2, failures: 0, passes: 1))
    XCTAssertEqual(after.site.requests, 1, accuracy: 1e-9, "the site got the issue's 3 back")
    let later = try scores(
      try await store.admit(
        ActivityRequest(client: "person", site: "s"), rules: rules, now: now.addingTimeInterval(100)))
    XCTAssertEqual(later.client.passes, 0.5, accuracy: 1e-6, "a half-life later half a pass is left")

    try await store.recordPass(
      ActivityPass(client: "fresh", site: "t", issueWeight: 3), rules: rules, now: now)
    try await store.recordPass(ActivityPass(client: "fresh", site: "t"), rules: rules, now: now)
    let fresh = try scores(
      try await store.admit(ActivityRequest(client: "fresh", site: "t"), rules: rules, now: now))
    XCTAssertEqual(fresh.client, ActivityScores(requests: 1, failures: 0, passes: 2), "never below 0")
    XCTAssertEqual(fresh.site.requests, 1, accuracy: 1e-9, "never below 0")
  }

  /// A pass refunds the site only as `admit` charged it: not while the client is over its share.
  public static func passesRefundTheSiteOnlyWithinTheShare(_ store: any ClientActivityStore) async throws {
    for _ in 0..<10 {
      _ = try await store.admit(ActivityRequest(client: "bot", site: "s"), rules: rules, now: now)
    }
    try await store.recordPass(ActivityPass(client: "bot", site: "s"), rules: rules, now: now)
    let person = try scores(
      try await store.admit(ActivityRequest(client: "person", site: "s"), rules: rules, now: now))
    XCTAssertEqual(person.site.requests, 6, accuracy: 1e-9, "5 of the bot's, none back, 1 of the person's")
    XCTAssertEqual(person.client, ActivityScores(requests: 1, failures: 0), "the bot's pass is its own")
  }

  /// Of many concurrent passes on any instances, every one counts.
  public static func concurrentPasses(_ stores: [any ClientActivityStore]) async throws {
    for _ in 0..<30 {
      _ = try await stores[0].admit(ActivityRequest(client: "crowd", site: nil), rules: rules, now: now)
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for attempt in 0..<10 {
        let store = stores[attempt % stores.count]
        group.addTask {
          try await store.recordPass(ActivityPass(client: "crowd", site: "s"), rules: rules, now: now)
        }
      }
      try await group.waitForAll()
    }
    let after = try scores(
      try await stores[0].admit(ActivityRequest(client: "crowd", site: nil), rules: rules, now: now))
    XCTAssertEqual(after.client.requests, 30 - 20 + 1, accuracy: 1e-9)
    XCTAssertEqual(after.client.passes, 10, accuracy: 1e-9)
  }

  /// A sweep removes only rows that went quiet.
  public static func sweepKeepsActiveRows(_ store: any ClientActivityStore) async throws {
    _ = try await store.admit(ActivityRequest(client: "old", site: "s"), rules: rules, now: now)
    let later = now.addingTimeInterval(rules.idleLifetime + 1)
    _ = try await store.admit(ActivityRequest(client: "new", site: "s"), rules: rules, now: later)
    try await store.sweepActivity(rules: rules, now: later)
    let old = try scores(
      try await store.admit(ActivityRequest(client: "old", site: "s"), rules: rules, now: later))
    XCTAssertEqual(old.client.requests, 1, accuracy: 1e-9, "the idle row was removed")
    let new = try scores(
      try await store.admit(ActivityRequest(client: "new", site: "s"), rules: rules, now: later))
    XCTAssertEqual(new.client.requests, 2, accuracy: 1e-9)
  }
}
