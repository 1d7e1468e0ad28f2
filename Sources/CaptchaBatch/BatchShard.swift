import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// `--shard I/N`: the items whose index i has i mod N = I. Shards 0/N … (N−1)/N together are
/// exactly the unsharded batch.
public struct BatchShard: Equatable, Sendable, CustomStringConvertible {
  public var index: Int
  public var count: Int

  /// The whole batch (shard 0/1).
  public static let all = BatchShard(validIndex: 0, count: 1)

  private init(validIndex: Int, count: Int) {
    self.index = validIndex
    self.count = count
  }

  /// Checks 0 ≤ index < count.
  public init(index: Int, count: Int) throws {
    guard count >= 1, index >= 0, index < count else {
      throw CaptchaError(.usage, "The shard \(index)/\(count) is impossible: it needs 0 ≤ I < N and N ≥ 1.")
    }
    self.init(validIndex: index, count: count)
  }

  /// The item indices of this shard among `0..<total`, ascending.
  public func indices(total: Int) -> StrideTo<Int> {
    stride(from: index, to: max(total, index), by: count)
  }

  /// How many of the items `0..<total` belong to this shard.
  public func itemCount(total: Int) -> Int {
    total > index ? (total - index + count - 1) / count : 0
  }

  /// The index of this shard's item at `position` (its rank among the shard's items).
  public func itemIndex(at position: Int) -> Int { index + position * count }

  public var description: String { "\(index)/\(count)" }
}
