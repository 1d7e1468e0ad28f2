import Foundation
import XCTest

@testable import CaptchaBatch
@testable import CaptchaHoles
@testable import CaptchaImaging
@testable import CaptchaKindCore
@testable import CaptchaPattern
@testable import CaptchaPreview
@testable import CaptchaRotate
@testable import CaptchaSlide
@testable import CaptchaSupport
@testable import VectorRaster

final class BatchSchedulingTests: XCTestCase {
  func testOrderedSinkWritesLinesInItemOrderWhateverTheCompletionOrder() {
    var out: [String] = []
    let sink = OrderedLineSink { out.append($0) }
    let arrival = [3, 0, 4, 1, 2, 6, 5]
    for p in arrival { sink.deliver(position: p, line: "line \(p)") }
    XCTAssertEqual(out, (0..<7).map { "line \($0)" })
    XCTAssertEqual(sink.buffered, 0)
  }

  func testOrderedSinkHoldsBackLinesAfterAGap() {
    var out: [String] = []
    let sink = OrderedLineSink { out.append($0) }
    sink.deliver(position: 1, line: "b")
    sink.deliver(position: 2, line: "c")
    XCTAssertEqual(out, [])
    XCTAssertEqual(sink.buffered, 2)
    sink.deliver(position: 0, line: "a")
    XCTAssertEqual(out, ["a", "b", "c"])
  }

  func testParallelRunnerVisitsEveryPositionOnceOnSeveralThreads() {
    let lock = NSLock()
    var visits = [Int](repeating: 0, count: 500)
    var workers = Set<Int>()
    ParallelRunner.run(count: 500, jobs: 3, makeWorker: { $0 }) { worker, position in
      lock.lock()
      visits[position] += 1
      workers.insert(worker)
      lock.unlock()
      if position % 50 == 0 { usleep(1000) }
    }
    XCTAssertEqual(visits, [Int](repeating: 1, count: 500))
    XCTAssertGreaterThan(workers.count, 1)
  }

  func testSharedCacheDecodesOnceAndRemembersFailures() {
    let cache = SharedCache<Int>(capacity: 2)
    var decodes = 0
    for _ in 0..<5 {
      XCTAssertEqual(
        try cache.value(for: "a") {
          decodes += 1; return 1
        }, 1)
    }
    XCTAssertEqual(decodes, 1)
    for _ in 0..<3 {
      XCTAssertThrowsError(
        try cache.value(for: "bad") {
          decodes += 1
          throw CaptchaError(.badData, "bad is corrupt")
        })
    }
    XCTAssertEqual(decodes, 2)
    _ = try? cache.value(for: "c") { 3 }
    _ = try? cache.value(for: "a") {
      decodes += 1; return 1
    }
    XCTAssertEqual(decodes, 3, "capacity 2: 'a' was evicted by 'bad' and 'c'")
    XCTAssertEqual(cache.loads, 4)
  }

  /// Threads asking for one key at the same time share one load: the others wait for it.
  func testThreadsAskingForOneKeyShareOneLoad() {
    let cache = SharedCache<Int>(capacity: 2)
    let values = (0..<4).map { _ in Box() }
    DispatchQueue.concurrentPerform(iterations: 4) { t in
      values[t].value = try? cache.value(for: "photo") {
        usleep(20_000)  // a slow decode, so the other threads arrive while it runs
        return 42
      }
    }
    XCTAssertEqual(values.map(\.value), [42, 42, 42, 42])
    XCTAssertEqual(cache.loads, 1)
  }

  /// A thread that would wait for another's load prefetches what it names instead, once.
  func testAWaitingThreadPrefetchesTheNextKey() {
    let cache = SharedCache<Int>(capacity: 3)
    let started = DispatchSemaphore(value: 0)
    let first = Box()
    let second = Box()
    DispatchQueue.concurrentPerform(iterations: 2) { t in
      if t == 0 {
        first.value = try? cache.value(for: "a") {
          started.signal()
          usleep(50_000)
          return 1
        }
      } else {
        started.wait()
        second.value = try? cache.value(for: "a", whileBusy: { cache.prefetch("b") { 2 } }) { 99 }
      }
    }
    XCTAssertEqual([first.value, second.value], [1, 1], "the waiting thread got the first thread's value")
    XCTAssertEqual(cache.loads, 2, "a once, b once")
    XCTAssertEqual(try cache.value(for: "b") { 99 }, 2, "b came from the prefetch")
    cache.prefetch("b") { 99 }
    XCTAssertEqual(cache.loads, 2, "prefetching a loaded key does nothing")
  }

  /// Many workers handing jobs to few writers through a one-job queue: every job is written
  /// exactly once and `finish` returns (a wake-up meant for a writer never goes to a worker).
  func testWritePoolWritesEveryJobOnceWithMoreWorkersThanRoom() {
    let lock = NSLock()
    var writes = [Int](repeating: 0, count: 3000)
    let pool = WritePool<Int>(threads: 2, capacity: 1) { job in
      lock.lock()
      writes[job] += 1
      lock.unlock()
    }
    DispatchQueue.concurrentPerform(iterations: 3) { t in
      for job in stride(from: t, to: 3000, by: 3) { pool.submit(job) }
    }
    pool.finish()
    XCTAssertEqual(writes, [Int](repeating: 1, count: 3000))
  }

  private final class Box: @unchecked Sendable { var value: Int? }

  func testScheduleGroupsItemsByBackgroundInsideWindows() {
    let order = BatchSchedule.workOrder(count: 10, backgroundOf: { $0 % 3 }, windowSize: 6)
    XCTAssertEqual(order, [0, 3, 1, 4, 2, 5, 6, 9, 7, 8])
    XCTAssertEqual(order.sorted(), Array(0..<10))
    XCTAssertEqual(BatchSchedule.window(1, count: 10, backgroundOf: { $0 % 3 }, windowSize: 6), [6, 9, 7, 8])
    XCTAssertEqual(BatchSchedule.window(2, count: 10, backgroundOf: { $0 % 3 }, windowSize: 6), [])
  }

  func testNextChangePointsAtTheFirstItemOnAnotherBackground() {
    // Work order 0 3 | 1 4 | 2 5 (backgrounds 0 0 1 1 2 2).
    let order = BatchSchedule.window(0, count: 6, backgroundOf: { $0 % 3 }, windowSize: 6)
    XCTAssertEqual(BatchSchedule.nextChange(in: order, backgroundOf: { $0 % 3 }), [2, 2, 4, 4, 6, 6])
    XCTAssertEqual(BatchSchedule.nextChange(in: [7], backgroundOf: { _ in 0 }), [1])
    XCTAssertEqual(BatchSchedule.nextChange(in: [], backgroundOf: { _ in 0 }), [])
  }
}
