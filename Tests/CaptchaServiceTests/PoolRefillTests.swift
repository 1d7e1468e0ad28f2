import CaptchaKit
import XCTest

@testable import CaptchaService

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The pool refill's workers (`--workers`): one thread each, never more challenges than the pool
/// holds, waiting requests served, no wake lost.
final class PoolRefillTests: XCTestCase {
  /// Waits (up to 60 s) until `condition` holds.
  func eventually(_ what: String, _ condition: () async throws -> Bool) async throws {
    for _ in 0..<1200 {
      if try await condition() { return }
      try await Task.sleep(for: .milliseconds(50))
    }
    XCTFail("not within 60 s: \(what)")
  }

  /// Threads of this process named like refill threads.
  func refillThreads() -> Int {
    #if os(Linux)
      let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
      return tasks.filter { task in
        let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
        return comm?.trimmingCharacters(in: .whitespacesAndNewlines) == RefillThread.name
      }.count
    #else
      return 0
    #endif
  }

  func testEachWorkerRunsOnAThreadOfItsOwnThatEndsWithTheService() async throws {
    #if !os(Linux)
      throw XCTSkip("thread names are read from /proc")
    #endif
    let service = ChallengeService(
      factories: [try ServiceFixtures.factory("slide")], stores: .inMemory(),
      settings: ServiceSettings(poolSize: 2, refillWorkers: 3))
    let running = Task { await service.run() }
    try await eventually("three refill threads") { refillThreads() == 3 }
    running.cancel()
    await running.value
    try await eventually("the refill threads end") { refillThreads() == 0 }
  }

  func testMoreWorkersThanRoomNeverFillAPoolPastItsCapacity() async throws {
    try await ServiceFixtures.withService(settings: ServiceSettings(poolSize: 2, refillWorkers: 4)) {
      service in
      let pool = try XCTUnwrap(service.pool("slide"))
      try await eventually("the pool is full") { await pool.depth == 2 }
      try await Task.sleep(for: .milliseconds(300))
      let made = await pool.refilled
      XCTAssertEqual(made, 2, "four idle workers made exactly the two the pool holds")
      try await withThrowingTaskGroup(of: String.self) { group in
        for _ in 0..<5 { group.addTask { try await service.issue().id } }
        var ids = Set<String>()
        for try await id in group { ids.insert(id) }
        XCTAssertEqual(ids.count, 5, "five requests, five challenges, two from the pool and three waited for")
      }
      try await eventually("the pool is full again") { await pool.depth == 2 }
      try await Task.sleep(for: .milliseconds(300))
      let refilled = await pool.refilled
      let depth = await pool.depth
      XCTAssertEqual(refilled, 7, "two kept ready plus the five issued")
      XCTAssertEqual(depth, 2)
    }
  }

  func testWorkersServeEveryKindsPool() async throws {
    try await ServiceFixtures.withService(
      kinds: ["slide", "rotate"], settings: ServiceSettings(poolSize: 2, refillWorkers: 2)
    ) { service in
      for kind in ["slide", "rotate"] {
        let pool = try XCTUnwrap(service.pool(kind))
        try await eventually("the \(kind) pool is full") { await pool.depth == 2 }
      }
      let issued = try await service.issue(kind: .puzzle("rotate"))
      XCTAssertEqual(issued.kind, .puzzle("rotate"))
    }
  }

  /// Whether `wait` returns within `limit`. A wait still blocked then is cancelled, so a lost wake
  /// fails the test instead of hanging it.
  func returns(within limit: Duration, _ wait: @escaping @Sendable () async -> Void) async -> Bool {
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await wait()
        return true
      }
      group.addTask {
        try? await Task.sleep(for: limit)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }

  func testASignalSeenBeforeTheWaitIsNotLost() async throws {
    let signal = RefillSignal()
    let seen = signal.generation
    signal.wake()
    let early = await returns(within: .seconds(10)) { await signal.wait(after: seen) }
    XCTAssertTrue(early, "a wake between reading the generation and waiting returns the wait at once")
  }

  func testAWaitBlocksUntilTheNextWake() async throws {
    let signal = RefillSignal()
    let now = signal.generation
    let unwoken = await returns(within: .milliseconds(200)) { await signal.wait(after: now) }
    XCTAssertFalse(unwoken, "without a wake the wait blocks")
    let waiter = Task { await signal.wait(after: now) }
    try await Task.sleep(for: .milliseconds(50))
    signal.wake()
    let woken = await returns(within: .seconds(10)) { await waiter.value }
    XCTAssertTrue(woken, "the wake reaches a worker already waiting")
  }

  func testACancelledWaitReturns() async throws {
    let signal = RefillSignal()
    let waiter = Task { await signal.wait(after: signal.generation) }
    waiter.cancel()
    let cancelled = await returns(within: .seconds(10)) { await waiter.value }
    XCTAssertTrue(cancelled, "a cancelled worker stops waiting")
  }
}
