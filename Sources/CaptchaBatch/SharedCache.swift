import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// Decoded backgrounds shared by a batch's workers, keyed by file path, keeping the most recently
/// used `capacity` entries. Each entry is loaded once: a worker that asks for a background another
/// worker is decoding waits for that decode instead of starting its own. Failures are cached too,
/// so a corrupt file is decoded once and then reported for each of its items. `serve`'s pool
/// refill workers share one the same way.
///
/// Workers take neighbouring items of one work order (`BatchSchedule`), which are mostly on the
/// same background: with a cache per worker, two jobs decoded every background twice, which cost
/// about a tenth of the CPU of a 300-item batch of five photos. A worker that would wait for
/// another's decode decodes the next background of the work order meanwhile (`prefetch`), so
/// neither idles.
package final class SharedCache<Value>: @unchecked Sendable {
  package let capacity: Int
  private let lock = PlainLock()
  private var entries: [(key: String, entry: Entry)] = []
  private var loadCount = 0

  /// One key's value, loaded under the entry's own lock (so waiting for it holds no other key up).
  private final class Entry {
    let lock = PlainLock()
    var result: Result<Value, CaptchaError>?
  }

  package init(capacity: Int) {
    precondition(capacity >= 1)
    self.capacity = capacity
  }

  /// How many times `load` ran (decodes actually done).
  var loads: Int {
    lock.lock()
    defer { lock.unlock() }
    return loadCount
  }

  /// The value for `key`: from the cache, from the worker already loading it, or from `load`.
  /// When another worker is loading it, `whileBusy` runs first (to prefetch what comes next).
  package func value(for key: String, whileBusy: () -> Void = {}, load: () throws -> Value) throws -> Value {
    let entry = self.entry(for: key)
    if !entry.lock.tryLock() {
      whileBusy()
      entry.lock.lock()
    }
    defer { entry.lock.unlock() }
    if let result = entry.result { return try result.get() }
    return try fill(entry, key: key, load: load).get()
  }

  /// Loads `key` now unless it is loaded or being loaded already; never waits.
  func prefetch(_ key: String, load: () throws -> Value) {
    let entry = self.entry(for: key)
    guard entry.lock.tryLock() else { return }
    defer { entry.lock.unlock() }
    if entry.result == nil { _ = fill(entry, key: key, load: load) }
  }

  /// Runs `load` into `entry` (whose lock the caller holds) and counts it.
  private func fill(_ entry: Entry, key: String, load: () throws -> Value) -> Result<Value, CaptchaError> {
    let result: Result<Value, CaptchaError>
    do {
      result = .success(try load())
    } catch let error as CaptchaError {
      result = .failure(error)
    } catch {
      result = .failure(CaptchaError(.io, "\(key) cannot be read: \(error)."))
    }
    entry.result = result
    lock.lock()
    loadCount += 1
    lock.unlock()
    return result
  }

  /// The entry for `key`, made most recent; a new one (evicting the least recent) when missing.
  private func entry(for key: String) -> Entry {
    lock.lock()
    defer { lock.unlock() }
    if let i = entries.firstIndex(where: { $0.key == key }) {
      let hit = entries.remove(at: i)
      entries.append(hit)
      return hit.entry
    }
    let entry = Entry()
    entries.append((key, entry))
    if entries.count > capacity { entries.removeFirst() }
    return entry
  }
}
