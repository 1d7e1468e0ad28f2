import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// The order in which workers take a shard's items. It never changes the output (each item's files
/// depend only on its index), only how often backgrounds are decoded and how many manifest lines
/// wait in memory.
///
/// The shard's items, by position (rank in index order), are cut into windows of `windowSize`;
/// inside a window they are sorted by background (then position), so the items sharing a
/// background run back to back and a worker's small cache decodes each background about once per
/// window, not once per item. Windows are computed when reached, so memory stays bounded by the
/// window whatever `--count` is, and so does the manifest's reorder buffer.
enum BatchSchedule {
  static let windowSize = 1024

  /// The positions of window `w` (positions `w·windowSize ..< min((w+1)·windowSize, count)`) in
  /// work order. `backgroundOf` gives a position's background number.
  static func window(
    _ w: Int, count: Int, backgroundOf: (Int) -> Int, windowSize: Int = windowSize
  ) -> [Int] {
    let start = w * windowSize
    let end = min(start + windowSize, count)
    guard start < end else { return [] }
    return (start..<end).map { (position: $0, background: backgroundOf($0)) }
      .sorted { $0.background != $1.background ? $0.background < $1.background : $0.position < $1.position }
      .map(\.position)
  }

  /// For each step of a window's work `order`, the step of the first later item whose background
  /// differs from that step's (`order.count` when there is none).
  static func nextChange(in order: [Int], backgroundOf: (Int) -> Int) -> [Int] {
    var next = [Int](repeating: order.count, count: order.count)
    var step = order.count - 2
    while step >= 0 {
      let differs = backgroundOf(order[step + 1]) != backgroundOf(order[step])
      next[step] = differs ? step + 1 : next[step + 1]
      step -= 1
    }
    return next
  }

  /// The whole work order, window after window.
  static func workOrder(count: Int, backgroundOf: (Int) -> Int, windowSize: Int = windowSize) -> [Int] {
    stride(from: 0, to: count, by: windowSize).flatMap {
      window($0 / windowSize, count: count, backgroundOf: backgroundOf, windowSize: windowSize)
    }
  }
}
