import CaptchaKit

#if canImport(Glibc)
  import Glibc
#endif

/// glibc's allocator set for a process that makes one captcha and exits (`make`). By default glibc
/// gives every block over 128 KiB its own mapping and unmaps it when freed, keeps a separate arena
/// per thread, and returns freed memory at the heap's top to the system. One captcha allocates
/// and frees dozens of planes of that size (the hole's fill, the decoys', the encoders' rows), so
/// each one was new memory: the kernel zeroes and maps every page of it again. With these
/// settings freed blocks are reused by the next allocation of the process, whatever its thread.
///
/// Measured on a 451x300 PNG (hyperfine, 80 runs): system time 3.5 -> 2.2 ms, wall
/// 14.8 -> 14.1 ms.
/// A long-running process (`batch`, `serve`) keeps glibc's defaults, which adapt as it runs.
enum ShortProcessAllocator {
  /// Blocks below this come from the heap, not from mappings of their own (glibc's largest
  /// setting on 64-bit; a 12 MP picture's 48 MB of pixels is still mapped and unmapped whole).
  static let mappingThreshold: Int32 = 32 << 20
  /// Free memory at the heap's top is kept up to this much, for the next allocation.
  static let trimThreshold: Int32 = 256 << 20
  /// One arena for every thread: a helper thread reuses memory the main thread freed instead of
  /// faulting in an arena of its own.
  static let arenas: Int32 = 1

  /// Applies the settings; call before any thread starts.
  static func apply() {
    #if os(Linux) && canImport(Glibc)
      _ = glibcMallopt(Parameter.mmapThreshold, mappingThreshold)
      _ = glibcMallopt(Parameter.trimThreshold, trimThreshold)
      _ = glibcMallopt(Parameter.arenaMax, arenas)
      reserveHeapInHugePages()
    #endif
  }

  /// How far the heap is grown at start, in memory advised to huge pages.
  static let hugePageHeap = 30 << 20

  /// Grows the heap by `hugePageHeap` and gives it back to the allocator at once (it stays: the
  /// trim threshold is higher), then advises that stretch to huge pages (`HugePages`). Planes,
  /// masks and the JPEG encoder's coefficients of a 12 MP picture are then allocated there: a
  /// 12 MP JPEG -> JPEG `make` took 12 900 page faults, now 5 200 (median of 20 interleaved runs,
  /// 220.5 -> 203.3 ms; 451x300: 14.08 -> 13.95 ms). Nothing is touched until used.
  static func reserveHeapInHugePages() {
    #if os(Linux) && canImport(Glibc)
      guard let block = malloc(hugePageHeap) else { return }
      free(block)
      guard let end = sbrk(0) else { return }
      HugePages.advise(block, count: end - block)
    #endif
  }

  /// mallopt's parameter numbers (glibc's malloc.h, which the Glibc module does not export).
  enum Parameter {
    static let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
    static let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
    static let arenaMax: Int32 = -8  // M_ARENA_MAX
  }
}

#if os(Linux) && canImport(Glibc)
  /// glibc's `int mallopt(int param, int value)`.
  @_silgen_name("mallopt")
  private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
