import CaptchaSupport
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One thread of the pool refill: it runs one job at a time, handed over by `run`, at a lower
/// scheduling priority than the threads that answer requests, so a request that arrives while
/// every core draws a challenge is answered first (the drawing waits, not the request).
final class RefillThread: Sendable {
  /// The name refill threads carry (`top -H`, /proc/PID/task/*/comm).
  static let name = "captcha-refill"

  /// How much nicer refill threads are than the process (Linux: per thread; 19 is the lowest).
  /// Under the Linux scheduler a thread gets about 9 times the CPU share of one 10 nicer.
  static let niceness: Int32 = 10

  private let jobs = Mutex<[@Sendable () -> Void]>([])
  private let stopped = Atomic(false)
  private let ready = DispatchSemaphore(value: 0)

  init() {
    PosixThread.start(stackSize: PosixThread.workerStackSize, detached: true) { [self] in
      Self.nameAndLowerPriority()
      while true {
        ready.wait()
        if stopped.load(ordering: .acquiring) { return }
        let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        job?()
      }
    }
  }

  /// Runs `body` on this thread and returns its result.
  func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      jobs.withLock { $0.append { continuation.resume(returning: body()) } }
      ready.signal()
    }
  }

  /// Ends the thread once its current job is done.
  func stop() {
    stopped.store(true, ordering: .releasing)
    ready.signal()
  }

  /// Names the calling thread and makes it `niceness` nicer than the process (Linux only). Both
  /// go through /proc/thread-self, whose link names the thread's id (glibc's gettid and
  /// pthread_setname_np are not visible to Swift).
  private static func nameAndLowerPriority() {
    #if os(Linux)
      var link = [CChar](repeating: 0, count: 64)
      let n = readlink("/proc/thread-self", &link, link.count - 1)
      guard n > 0 else { return }
      let target = String(decoding: link[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard let tid = target.split(separator: "/").last.flatMap({ id_t($0) }) else { return }
      let process = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, min(19, process + niceness))
      let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
      guard fd >= 0 else { return }
      _ = name.withCString { write(fd, $0, strlen($0)) }
      close(fd)
    #endif
  }
}
