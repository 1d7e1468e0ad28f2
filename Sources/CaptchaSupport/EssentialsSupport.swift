#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Small stand-ins for the few full-Foundation helpers the package used, so that no target has to
// load libFoundation (FoundationEssentials is enough). Package-internal: not public API.

/// A mutual-exclusion lock over `pthread_mutex_t` with `lock()` / `unlock()` like `NSLock`.
package final class PlainLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  package func lock() { pthread_mutex_lock(mutex) }
  package func unlock() { pthread_mutex_unlock(mutex) }
  /// Takes the lock when it is free; false (not taken) when another thread holds it.
  package func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }
}

/// Path-string helpers with `NSString`'s semantics for plain POSIX paths.
package enum PathText {
  /// `a` + `/` + `b` (no doubled slash when `a` already ends in one; just `b` when `a` is empty).
  package static func appending(_ base: String, _ component: String) -> String {
    if base.isEmpty { return component }
    if component.isEmpty { return base }
    return base.hasSuffix("/") ? base + component : base + "/" + component
  }

  /// The path without trailing slashes (a lone "/" stays).
  private static func trimmedTrailingSlashes(_ path: String) -> Substring {
    var s = Substring(path)
    while s.count > 1 && s.hasSuffix("/") { s = s.dropLast() }
    return s
  }

  /// The last component: "a/b.png" → "b.png", "a/b/" → "b", "/" → "/".
  package static func lastComponent(_ path: String) -> String {
    let s = trimmedTrailingSlashes(path)
    if s == "/" { return "/" }
    guard let slash = s.lastIndex(of: "/") else { return String(s) }
    return String(s[s.index(after: slash)...])
  }

  /// The path without its last component: "a/b" → "a", "/a" → "/", "a" → "".
  package static func deletingLastComponent(_ path: String) -> String {
    let s = trimmedTrailingSlashes(path)
    if s == "/" { return "/" }
    guard let slash = s.lastIndex(of: "/") else { return "" }
    if slash == s.startIndex { return "/" }
    var head = s[..<slash]
    while head.count > 1 && head.hasSuffix("/") { head = head.dropLast() }
    return String(head)
  }

  /// The extension of the last component without the dot ("" when there is none).
  package static func pathExtension(_ path: String) -> String {
    let name = lastComponent(path)
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }
}

/// Text helpers replacing `String(format:)`, `padding(toLength:…)` and `trimmingCharacters(in:)`.
package enum PlainText {
  /// printf-style formatting in the C locale (as `String(format:)` with no locale).
  package static func format(_ format: String, _ args: CVarArg...) -> String {
    var capacity = 256
    while true {
      var buffer = [CChar](repeating: 0, count: capacity)
      let needed = Int(withVaList(args) { vsnprintf(&buffer, capacity, format, $0) })
      if needed < capacity { return String(cString: buffer) }
      capacity = needed + 1
    }
  }

  /// `s` cut or right-padded with spaces to exactly `length` characters.
  package static func padded(_ s: String, toLength length: Int) -> String {
    let n = s.utf16.count
    if n >= length { return String(s.utf16.prefix(length))! }
    return s + String(repeating: " ", count: length - n)
  }

  /// `s` without leading and trailing spaces and tabs (`CharacterSet.whitespaces`), or also line
  /// breaks when `newlines` is true (`.whitespacesAndNewlines`).
  package static func trimmed<S: StringProtocol>(_ s: S, newlines: Bool = false) -> String {
    func isSpace(_ u: Unicode.Scalar) -> Bool {
      if u == "\t" || u.properties.generalCategory == .spaceSeparator { return true }
      return newlines && u.properties.isWhitespace
    }
    let scalars = s.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isSpace($0) })!
    var out = String.UnicodeScalarView()
    out.append(contentsOf: scalars[first...last])
    return String(out)
  }
}

/// Writes all of `bytes` to a file descriptor (retrying short writes and EINTR), like
/// `FileHandle.write` to standard output or standard error; returns false on failure.
@discardableResult
package func writeAll(fd: Int32, _ bytes: [UInt8]) -> Bool {
  bytes.withUnsafeBytes { raw in
    var done = 0
    while done < raw.count {
      #if canImport(Darwin)
        let n = Darwin.write(fd, raw.baseAddress! + done, raw.count - done)
      #elseif canImport(Musl)
        let n = Musl.write(fd, raw.baseAddress! + done, raw.count - done)
      #else
        let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
      #endif
      if n < 0 {
        if errno == EINTR { continue }
        return false
      }
      done += n
    }
    return true
  }
}

/// Closes a file descriptor (for types whose own `close()` method hides the C function).
package func closeDescriptor(_ fd: Int32) {
  _ = close(fd)
}
