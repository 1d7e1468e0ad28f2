/// The order in which workers take a shard's items. It never changes the output (each item's files
/// depend only on its index), only how often backgrounds are decoded and how many manifest lines
/// wait in memory.
///
/// The items, in index order, are cut into windows of `windowSize`; inside a window they are sorted
/// by background (then index), so the items sharing a background run back to back and a worker's
/// small cache decodes each background about once per window, not once per item. Windows keep the
/// reorder buffer of the manifest bounded.
enum BatchSchedule {
  static let windowSize = 1024

  /// Positions (ranks in `indices`) in work order. `backgroundOf` gives an item's background number.
  static func workOrder(indices: [Int], backgroundOf: (Int) -> Int, windowSize: Int = windowSize) -> [Int] {
    var order: [Int] = []
    order.reserveCapacity(indices.count)
    var start = 0
    while start < indices.count {
      let end = min(start + windowSize, indices.count)
      let window = (start..<end).sorted { a, b in
        let ba = backgroundOf(indices[a])
        let bb = backgroundOf(indices[b])
        return ba != bb ? ba < bb : a < b
      }
      order += window
      start = end
    }
    return order
  }
}
