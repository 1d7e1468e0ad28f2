#if canImport(Glibc)
  import Glibc
#endif

/// Transparent huge pages for large buffers that are about to be written for the first time.
///
/// A fresh buffer costs one page fault per 4 KiB page the first time it is written: 11 700
/// faults, 15-18 ms of system time, for the 48 MB of a 12 MP picture. Advised with
/// `madvise(MADV_HUGEPAGE)` before it is written, the kernel maps it in 2 MiB pages, 24 faults.
/// Kernels whose THP setting is `madvise` (this machine's) or `always` honour the advice; `never`
/// ignores it. The memory reads the same either way: only its page size differs. The kernel may
/// compact memory to find a 2 MiB page, so a single run is sometimes slower; medians are faster.
public enum HugePages {
  /// The size of a huge page on x86-64 and arm64 Linux.
  public static let size = 2 << 20
  /// Buffers smaller than this are not advised: a 2 MiB page is zeroed whole, so for a few MB
  /// the saving is small against the risk of rounding the memory up.
  public static let worthwhile = 8 << 20
  /// `MADV_HUGEPAGE` (linux/mman.h; the Glibc module does not export it).
  static let adviceHugePage: Int32 = 14

  /// Advises the whole 2 MiB pages inside `start ..< start + count`, when `count` is at least
  /// `worthwhile`. Call before the buffer is first written.
  public static func advise(_ start: UnsafeMutableRawPointer, count: Int) {
    #if os(Linux) && canImport(Glibc)
      guard count >= worthwhile else { return }
      let from = (Int(bitPattern: start) + size - 1) / size * size
      let to = (Int(bitPattern: start) + count) / size * size
      guard to > from else { return }
      _ = madvise(UnsafeMutableRawPointer(bitPattern: from), to - from, adviceHugePage)
    #endif
  }
}
