import CaptchaSupport
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Threads that write finished items while the workers compute the next ones. Durable writes wait
/// for the disk (an fsync per file, about 3 ms per item here); a worker that waited for its own
/// writes would leave its core idle for as long, while several writers in flight let the file
/// system commit their syncs together. A bounded queue keeps at most `capacity` made items in
/// memory: a worker hands its item over and blocks only when the writers are that far behind.
final class WritePool<Job>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  /// Signalled when a job is queued (or the pool finishes): writers wait on it.
  private let queued = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  /// Signalled when a writer takes a job: a worker waiting for room waits on it.
  private let taken = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var queue: [Job] = []
  private var head = 0
  private var closed = false
  private let capacity: Int
  private let group = DispatchGroup()

  /// Starts `threads` writer threads running `write` on each submitted job.
  init(threads: Int, capacity: Int, write: @escaping (Job) -> Void) {
    self.capacity = max(1, capacity)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    for cond in [queued, taken] {
      cond.initialize(to: pthread_cond_t())
      pthread_cond_init(cond, nil)
    }
    for _ in 0..<max(1, threads) {
      group.enter()
      startThread(stackSize: 1 << 20) { [self] in
        while let job = take() { write(job) }
        group.leave()
      }
    }
  }

  deinit {
    for cond in [queued, taken] {
      pthread_cond_destroy(cond)
      cond.deallocate()
    }
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Queues `job`, waiting while `capacity` jobs are already waiting.
  func submit(_ job: Job) {
    pthread_mutex_lock(mutex)
    while queue.count - head >= capacity { pthread_cond_wait(taken, mutex) }
    queue.append(job)
    // One job needs one writer: waking all of them would only put the others back to sleep,
    // after taking the workers' cores for a moment.
    pthread_cond_signal(queued)
    pthread_mutex_unlock(mutex)
  }

  /// Waits for every queued job to be written, then lets the writer threads end.
  func finish() {
    pthread_mutex_lock(mutex)
    closed = true
    pthread_cond_broadcast(queued)
    pthread_mutex_unlock(mutex)
    group.wait()
  }

  /// The next job, or nil once the pool is finished and empty.
  private func take() -> Job? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while head == queue.count && !closed { pthread_cond_wait(queued, mutex) }
    guard head < queue.count else { return nil }
    let job = queue[head]
    head += 1
    if head > 64 && head * 2 > queue.count {
      queue.removeFirst(head)
      head = 0
    }
    pthread_cond_signal(taken)
    return job
  }
}
