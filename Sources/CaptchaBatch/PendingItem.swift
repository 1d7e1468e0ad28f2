/// An item that is made but not yet written: its files are in memory, and `write` puts them into
/// the item's folder (atomically, as durable as the kind asks) and returns its manifest record.
/// The engine runs `write` on its writer threads, so the workers go on computing meanwhile.
public struct PendingItem {
  /// Writes the item's files and returns its record.
  public let write: () throws -> BatchItemRecord

  public init(write: @escaping () throws -> BatchItemRecord) {
    self.write = write
  }

  /// An item whose files are already written.
  public static func written(_ record: BatchItemRecord) -> PendingItem {
    PendingItem { record }
  }
}
