/// Whose requests a store sees: this process's only (the memory stores), or those of every instance
/// that names the same backing service (PostgreSQL). `ServiceStores` refuses a shared challenge store
/// beside a token or activity store of this process alone.
public enum StoreSharing: Sendable, Equatable {
  /// Kept in this process; another instance sees none of it.
  case process
  /// Kept where every instance sharing the store sees it.
  case shared
}
