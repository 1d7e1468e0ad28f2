import Synchronization

/// The working memory of one fill, kept between fills so a small fill allocates nothing but its
/// mask: the clipped edges, the band's cells and bitmaps, the chains, the crossing detector's
/// row records and flags, and the pieces of the cells resolved exactly.
///
/// Invariant between fills: `cells`, `marks` and `summary` are all zero (a buffer is zeroed when
/// it grows, and each sweep zeroes what the fill wrote), so a fill never clears its band first.
final class RasterScratch: @unchecked Sendable {
  var edges = ScratchBuffer<RasterEdge>()
  var cells = ScratchBuffer<Float>()
  var marks = ScratchBuffer<UInt64>()
  var summary = ScratchBuffer<UInt64>()
  var chains = EdgeChains()
  var crossings = CrossingDetector()
  var pieces = PieceSink()

  /// Scratch whose edge buffer grew past this many edges is dropped after the fill rather than
  /// kept, so one huge path does not pin its memory for the life of the process.
  static let keptEdgeLimit = 1 << 16
  /// At most this many idle scratches are kept (one per thread filling at the same time).
  static let keptScratches = 8

  private static let idle = Mutex<[RasterScratch]>([])

  deinit {
    edges.release()
    cells.release()
    marks.release()
    summary.release()
    crossings.release()
  }

  /// Runs `body` with a scratch no other fill is using: an idle one when there is one.
  static func with<R>(_ body: (RasterScratch) -> R) -> R {
    let scratch = idle.withLock { $0.popLast() } ?? RasterScratch()
    let result = body(scratch)
    if scratch.edges.capacity <= keptEdgeLimit {
      idle.withLock { if $0.count < keptScratches { $0.append(scratch) } }
    }
    return result
  }
}

/// A growable raw buffer whose contents need not survive growth: `reserve` returns room for
/// `count` elements, reallocating (zero-filled) when it is too small.
struct ScratchBuffer<Element> {
  private(set) var base: UnsafeMutablePointer<Element>?
  private(set) var capacity = 0

  /// Room for `count` elements; newly allocated room is zero-filled (every `Element` here is a
  /// plain value type whose all-zero bit pattern is valid).
  mutating func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
    if let base, count <= capacity { return base }
    base?.deallocate()
    let size = Swift.max(count, capacity * 2, 16)
    let fresh = UnsafeMutablePointer<Element>.allocate(capacity: size)
    UnsafeMutableRawPointer(fresh).initializeMemory(
      as: UInt8.self, repeating: 0, count: size * MemoryLayout<Element>.stride)
    base = fresh
    capacity = size
    return fresh
  }

  /// Frees the memory (the owner's deinit calls this).
  mutating func release() {
    base?.deallocate()
    base = nil
    capacity = 0
  }
}
