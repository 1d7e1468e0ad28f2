import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// A small per-worker cache of decoded backgrounds, keyed by file path, keeping the most recently
/// used `capacity` entries. Failures are cached too, so a corrupt file is decoded once per worker
/// and then reported for each of its items without decoding it again.
struct WorkerCache<Value> {
  let capacity: Int
  private var entries: [(key: String, value: Result<Value, CaptchaError>)] = []
  /// How many times `load` ran (decodes actually done).
  private(set) var loads = 0

  init(capacity: Int = 2) {
    precondition(capacity >= 1)
    self.capacity = capacity
  }

  /// The value for `key`, from the cache or from `load`.
  mutating func value(for key: String, load: () throws -> Value) throws -> Value {
    if let i = entries.firstIndex(where: { $0.key == key }) {
      let hit = entries.remove(at: i)
      entries.append(hit)
      return try hit.value.get()
    }
    loads += 1
    let result: Result<Value, CaptchaError>
    do {
      result = .success(try load())
    } catch let error as CaptchaError {
      result = .failure(error)
    } catch {
      result = .failure(CaptchaError(.io, "\(key) cannot be read: \(error)."))
    }
    entries.append((key, result))
    if entries.count > capacity { entries.removeFirst() }
    return try result.get()
  }
}
