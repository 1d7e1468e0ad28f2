import ChallengeStoreTesting
import XCTest

@testable import CaptchaService

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

final class MemoryChallengeStoreTests: XCTestCase {
  func testSingleUse() async throws {
    try await ChallengeStoreContract.singleUse(MemoryChallengeStore())
  }

  func testExpiryAndSweep() async throws {
    try await ChallengeStoreContract.expiryAndSweep(MemoryChallengeStore())
  }

  func testConcurrentTakes() async throws {
    try await ChallengeStoreContract.concurrentTakes(MemoryChallengeStore())
  }

  func testAVerifiedChallengeHoldsNoPicturesButStillAnswersReplays() async throws {
    let store = MemoryChallengeStore()
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let picture = StoredPicture(bytes: [UInt8](repeating: 7, count: 40_000), mediaType: "image/png")
    let challenge = StoredChallenge(
      id: "a", kind: "slide", expiresAt: now.addingTimeInterval(60), answer: [1, 2, 3], background: picture,
      piece: picture)
    try await store.insert(challenge)
    let before = await store.heldBytes
    XCTAssertEqual(before, 80_003)
    let first = try await store.take(id: "a", now: now)
    XCTAssertEqual(first, .taken(challenge))
    let after = await store.heldBytes
    XCTAssertEqual(after, 0, "the pictures and the answer are dropped once verified")
    let replay = try await store.take(id: "a", now: now)
    XCTAssertEqual(replay, .alreadyVerified)
    let background = try await store.picture(id: "a", .background, now: now)
    XCTAssertNil(background)
    let expired = try await store.sweep(now: now.addingTimeInterval(61))
    XCTAssertEqual(expired, [:], "verified before it expired: not counted as expired")
  }
}
