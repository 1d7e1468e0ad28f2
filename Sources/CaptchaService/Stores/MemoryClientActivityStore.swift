#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Client and site activity in this process (`--store memory`): not shared between instances, so
/// N instances behind a load balancer allow up to N times the rate limit and each sees only its
/// own share of a client's requests. Use the PostgreSQL store for limits that hold across instances.
public actor MemoryClientActivityStore: ClientActivityStore {
  private struct Row {
    var requests = 0.0
    var failures = 0.0
    var passes = 0.0
    var updated: Double
    var windowStart: Double
    var windowCount = 0

    init(now: Double) {
      updated = now
      windowStart = now
    }

    mutating func decay(to now: Double, _ rules: ActivityRules) {
      requests = rules.decayed(requests, from: updated, to: now)
      failures = rules.decayed(failures, from: updated, to: now)
      passes = rules.decayed(passes, from: updated, to: now)
      updated = max(updated, now)
    }

    var scores: ActivityScores { ActivityScores(requests: requests, failures: failures, passes: passes) }
  }

  private var rows: [String: Row] = [:]

  public init() {}

  /// This process only.
  public nonisolated var sharing: StoreSharing { .process }

  public func admit(_ request: ActivityRequest, rules: ActivityRules, now: Date) async throws -> Admission {
    let t = now.timeIntervalSince1970
    var client = row(clientKey(request.client), now: t, rules)
    if t - client.windowStart >= ActivityRules.window {
      client.windowStart = t
      client.windowCount = 0
    }
    let clientBefore = client.requests
    client.requests += Double(request.weight)
    let admitted =
      request.limitPerMinute == 0 || client.windowCount + request.weight <= request.limitPerMinute
    if admitted { client.windowCount += request.weight }
    rows[clientKey(request.client)] = client
    guard admitted else {
      return .limited(retryAfter: max(1, Int((client.windowStart + ActivityRules.window - t).rounded(.up))))
    }
    guard let siteName = request.site else { return .admitted(client: client.scores, site: .zero) }
    var site = row(siteKey(siteName), now: t, rules)
    if clientBefore < rules.clientShareOfSite.requests { site.requests += Double(request.weight) }
    rows[siteKey(siteName)] = site
    return .admitted(client: client.scores, site: site.scores)
  }

  public func recordFailure(client: String, site: String?, rules: ActivityRules, now: Date) async throws {
    let t = now.timeIntervalSince1970
    var clientRow = row(clientKey(client), now: t, rules)
    let before = clientRow.failures
    clientRow.failures += 1
    rows[clientKey(client)] = clientRow
    guard let site, before < rules.clientShareOfSite.failures else { return }
    var siteRow = row(siteKey(site), now: t, rules)
    siteRow.failures += 1
    rows[siteKey(site)] = siteRow
  }

  public func recordPass(_ pass: ActivityPass, rules: ActivityRules, now: Date) async throws {
    let t = now.timeIntervalSince1970
    var client = row(clientKey(pass.client), now: t, rules)
    client.requests = max(client.requests - Double(pass.issueWeight + pass.verifyWeight), 0)
    client.passes += 1
    rows[clientKey(pass.client)] = client
    guard let site = pass.site, client.requests < rules.clientShareOfSite.requests else { return }
    var siteRow = row(siteKey(site), now: t, rules)
    siteRow.requests = max(siteRow.requests - Double(pass.issueWeight), 0)
    rows[siteKey(site)] = siteRow
  }

  public func sweepActivity(rules: ActivityRules, now: Date) async throws {
    let t = now.timeIntervalSince1970
    rows = rows.filter {
      t - $0.value.updated < rules.idleLifetime || t - $0.value.windowStart < ActivityRules.window
    }
  }

  /// The row of `key` decayed to `now` (a fresh one when there is none).
  private func row(_ key: String, now: Double, _ rules: ActivityRules) -> Row {
    var row = rows[key] ?? Row(now: now)
    row.decay(to: now, rules)
    return row
  }

  private func clientKey(_ client: String) -> String { "client " + client }
  private func siteKey(_ site: String) -> String { "site " + site }
}
