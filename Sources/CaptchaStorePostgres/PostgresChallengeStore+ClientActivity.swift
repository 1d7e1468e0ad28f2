import CaptchaService
import PostgresNIO

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Client activity in the same database as the challenges (`ClientActivityTable`), so levels and
/// rate limits hold across every instance sharing it. Each call is one or two statements, each
/// atomic on its row; the site's share is added after the client's row answers (not in one
/// transaction), so a site score can lag a client's by one request.
extension PostgresChallengeStore: ClientActivityStore {
  public func admit(_ request: ActivityRequest, rules: ActivityRules, now: Date) async throws -> Admission {
    let t = now.timeIntervalSince1970
    return try await run { client in
      let clientQuery = ClientActivityTable.admitClient(
        "client " + request.client, weight: request.weight, limit: request.limitPerMinute, now: t,
        halfLife: rules.halfLife)
      var clientRow: (Double, Double, Double, Double, Bool)?
      for try await row in try await client.query(clientQuery, logger: self.logger)
        .decode((Double, Double, Double, Double, Bool).self)
      {
        clientRow = row
      }
      guard let (requests, failures, passes, windowStart, admitted) = clientRow else {
        throw ChallengeStoreUnavailable("the client activity upsert returned no row")
      }
      guard admitted else {
        return .limited(retryAfter: max(1, Int((windowStart + ActivityRules.window - t).rounded(.up))))
      }
      let clientScores = ActivityScores(requests: requests, failures: failures, passes: passes)
      guard let siteName = request.site else { return .admitted(client: clientScores, site: .zero) }
      let share =
        requests - Double(request.weight) < rules.clientShareOfSite.requests ? Double(request.weight) : 0
      let site = try await self.add(
        client, key: "site " + siteName, requests: share, now: t, rules: rules)
      return .admitted(client: clientScores, site: site)
    }
  }

  public func recordFailure(client: String, site: String?, rules: ActivityRules, now: Date) async throws {
    let t = now.timeIntervalSince1970
    try await run { connection in
      let scores = try await self.add(
        connection, key: "client " + client, failures: 1, now: t, rules: rules)
      if let site, scores.failures - 1 < rules.clientShareOfSite.failures {
        _ = try await self.add(connection, key: "site " + site, failures: 1, now: t, rules: rules)
      }
    }
  }

  public func recordPass(_ pass: ActivityPass, rules: ActivityRules, now: Date) async throws {
    let t = now.timeIntervalSince1970
    try await run { connection in
      let refund = Double(pass.issueWeight + pass.verifyWeight)
      let scores = try await self.add(
        connection, key: "client " + pass.client, requests: -refund, passes: 1, now: t, rules: rules)
      if let site = pass.site, scores.requests < rules.clientShareOfSite.requests {
        _ = try await self.add(
          connection, key: "site " + site, requests: -Double(pass.issueWeight), now: t, rules: rules)
      }
    }
  }

  public func sweepActivity(rules: ActivityRules, now: Date) async throws {
    try await run { client in
      _ = try await client.query(
        ClientActivityTable.sweep(now: now.timeIntervalSince1970, idle: rules.idleLifetime),
        logger: self.logger)
    }
  }

  /// `ClientActivityTable.add` on `key`; the row's scores after it.
  private func add(
    _ client: PostgresClient, key: String, requests: Double = 0, failures: Double = 0,
    passes: Double = 0, now: Double, rules: ActivityRules
  ) async throws -> ActivityScores {
    let query = ClientActivityTable.add(
      key, requests: requests, failures: failures, passes: passes, now: now, halfLife: rules.halfLife)
    for try await (r, f, p) in try await client.query(query, logger: logger)
      .decode((Double, Double, Double).self)
    {
      return ActivityScores(requests: r, failures: f, passes: p)
    }
    throw ChallengeStoreUnavailable("the activity upsert of \(key) returned no row")
  }
}
