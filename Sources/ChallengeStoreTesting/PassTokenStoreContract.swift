import CaptchaService
import XCTest

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `PassTokenStore` contract as assertions, run against every store (memory in
/// CaptchaServiceTests, PostgreSQL in CaptchaStorePostgresTests). Each check wants an empty store.
public enum PassTokenStoreContract {
  public static let now = Date(timeIntervalSince1970: 1_800_000_000)

  public static func record(_ digest: String, sitekey: String = "shop", expiresIn seconds: Double = 300)
    -> PassTokenRecord
  {
    PassTokenRecord(
      digest: digest, sitekey: sitekey, kind: "rotate", challengeID: "0123456789abcdef0123456789abcdef",
      hostname: "www.shop.example", passedAt: now, expiresAt: now.addingTimeInterval(seconds))
  }

  /// A token redeems once for its site, with everything it was bound to; later redeems are `.used`.
  public static func singleUse(_ store: any PassTokenStore) async throws {
    let token = record("digest-1")
    try await store.insertPassToken(token)
    let first = try await store.redeemPassToken(
      digest: token.digest, sitekey: "shop", idempotencyKey: nil, now: now)
    XCTAssertEqual(first, .redeemed(token))
    let second = try await store.redeemPassToken(
      digest: token.digest, sitekey: "shop", idempotencyKey: nil, now: now)
    XCTAssertEqual(second, .used)
    let unknown = try await store.redeemPassToken(
      digest: "never", sitekey: "shop", idempotencyKey: nil, now: now)
    XCTAssertEqual(unknown, .unknown)
  }

  /// Another site's redeem changes nothing: the token still redeems for its own site afterwards.
  public static func otherSiteLeavesTheTokenUsable(_ store: any PassTokenStore) async throws {
    let token = record("digest-2")
    try await store.insertPassToken(token)
    let wrong = try await store.redeemPassToken(
      digest: token.digest, sitekey: "blog", idempotencyKey: "k", now: now)
    XCTAssertEqual(wrong, .otherSite)
    let right = try await store.redeemPassToken(
      digest: token.digest, sitekey: "shop", idempotencyKey: nil, now: now)
    XCTAssertEqual(right, .redeemed(token))
  }

  /// The idempotency key of the redeeming call gets the same answer again; another key, or none,
  /// gets `.used`; after expiry even the key gets `.expired`.
  public static func idempotencyKey(_ store: any PassTokenStore) async throws {
    let token = record("digest-3", expiresIn: 60)
    try await store.insertPassToken(token)
    let first = try await store.redeemPassToken(
      digest: token.digest, sitekey: "shop", idempotencyKey: "retry-1", now: now)
    XCTAssertEqual(first, .redeemed(token))
    let again = try await store.redeemPassToken(
      digest: token.digest, sitekey: "shop", idempotencyKey: "retry-1", now: now)
    XCTAssertEqual(again, .repeated(token))
    let other = try await store.redeemPassToken(
      digest: token.digest, sitekey: "shop", idempotencyKey: "retry-2", now: now)
    XCTAssertEqual(other, .used)
    let none = try await store.redeemPassToken(
      digest: token.digest, sitekey: "shop", idempotencyKey: nil, now: now)
    XCTAssertEqual(none, .used)
    let late = try await store.redeemPassToken(
      digest: token.digest, sitekey: "shop", idempotencyKey: "retry-1", now: now.addingTimeInterval(61))
    XCTAssertEqual(late, .expired)
  }

  /// An expired token never redeems; the sweep removes expired tokens only.
  public static func expiryAndSweep(_ store: any PassTokenStore) async throws {
    try await store.insertPassToken(record("digest-4", expiresIn: 5))
    try await store.insertPassToken(record("digest-5", expiresIn: 500))
    let later = now.addingTimeInterval(10)
    let expired = try await store.redeemPassToken(
      digest: "digest-4", sitekey: "shop", idempotencyKey: nil, now: later)
    XCTAssertEqual(expired, .expired)
    let swept = try await store.sweepPassTokens(now: later)
    XCTAssertEqual(swept, 1)
    let gone = try await store.redeemPassToken(
      digest: "digest-4", sitekey: "shop", idempotencyKey: nil, now: later)
    XCTAssertEqual(gone, .unknown)
    let live = try await store.redeemPassToken(
      digest: "digest-5", sitekey: "shop", idempotencyKey: nil, now: later)
    XCTAssertEqual(live, .redeemed(record("digest-5", expiresIn: 500)))
  }

  /// Fifty concurrent redeems of one token over `stores` (one per instance): exactly one redeems.
  public static func concurrentRedeems(_ stores: [any PassTokenStore]) async throws {
    let token = record("digest-6")
    try await stores[0].insertPassToken(token)
    let results = try await withThrowingTaskGroup(of: RedeemResult.self) { group in
      for i in 0..<50 {
        let store = stores[i % stores.count]
        group.addTask {
          try await store.redeemPassToken(
            digest: token.digest, sitekey: "shop", idempotencyKey: nil, now: now)
        }
      }
      return try await group.reduce(into: [RedeemResult]()) { $0.append($1) }
    }
    XCTAssertEqual(results.filter { $0 == .redeemed(token) }.count, 1)
    XCTAssertEqual(results.filter { $0 == .used }.count, 49)
  }
}
