import CaptchaImaging
import CaptchaSupport

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Folder mode of `compare DIR_A DIR_B`: pairs files by relative path and compares each pair.
///
/// - Both folders are walked recursively; hidden files and folders (name starting with `.`) are
///   skipped; entries are sorted by relative path (byte order of UTF-8, `/` separators).
/// - `.png`, `.jpg`, `.jpeg`, `.webp` files (any case) are compared as decoded pixels with the thresholds;
///   any other file is compared byte for byte (so `answer.json` next to goldens is checked too).
/// - A file present on only one side is a difference; a file that cannot be read or decoded is an
///   error for that entry and the others are still compared.
public enum FolderCompare {
  /// The outcome for one relative path.
  public enum Outcome: Sendable {
    /// Both sides are images; their pixel comparison.
    case image(CompareResult)
    /// Both sides are other files, compared byte for byte.
    case bytes(equal: Bool)
    /// Only the expected folder has this file.
    case missingInActual
    /// Only the actual folder has this file.
    case missingInExpected
    /// A side could not be read or decoded.
    case failed(CaptchaError)
  }

  /// One compared relative path.
  public struct Entry: Sendable {
    public var path: String
    public var outcome: Outcome

    /// True when this entry is equal within thresholds.
    public var isMatch: Bool {
      switch outcome {
      case .image(let r): return r.isMatch
      case .bytes(let equal): return equal
      default: return false
      }
    }

    /// `equal`, `different`, `missing` or `error`.
    public var status: String {
      switch outcome {
      case .image, .bytes: return isMatch ? "equal" : "different"
      case .missingInActual, .missingInExpected: return "missing"
      case .failed: return "error"
      }
    }
  }

  /// True for the extensions compared as pixels.
  public static func isImagePath(_ path: String) -> Bool {
    let ext = PathText.pathExtension(path).lowercased()
    return ext == "png" || ext == "jpg" || ext == "jpeg" || ext == "webp"
  }

  /// Relative paths of the regular files under `root`, recursive, hidden entries skipped, sorted.
  public static func listFiles(under root: String) throws -> [String] {
    let fm = FileManager.default
    var isDir: Bool = false
    guard fm.fileExists(atPath: root, isDirectory: &isDir), isDir else {
      throw CaptchaError(.missingInput, "The folder \(root) does not exist.")
    }
    var out: [String] = []
    func walk(_ rel: String) throws {
      let dir = rel.isEmpty ? root : root + "/" + rel
      let names: [String]
      do {
        names = try fm.contentsOfDirectory(atPath: dir)
      } catch {
        throw CaptchaError(.io, "The folder \(dir) cannot be listed.")
      }
      for name in names where !name.hasPrefix(".") {
        let childRel = rel.isEmpty ? name : rel + "/" + name
        var childIsDir: Bool = false
        guard fm.fileExists(atPath: root + "/" + childRel, isDirectory: &childIsDir) else { continue }
        if childIsDir { try walk(childRel) } else { out.append(childRel) }
      }
    }
    try walk("")
    return sortedPaths(out)
  }

  /// Byte-order sort of UTF-8 paths (independent of locale and of Unicode normalisation rules).
  public static func sortedPaths(_ paths: [String]) -> [String] {
    paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Compares every relative path found in either folder. `decode` turns a file path into pixels
  /// (throwing `CaptchaError` for a missing or corrupt file).
  public static func compare(
    expectedRoot: String, actualRoot: String, thresholds: CompareThresholds,
    decode: (String) throws -> RGBAImage
  ) throws -> [Entry] {
    let left = try listFiles(under: expectedRoot)
    let right = try listFiles(under: actualRoot)
    let leftSet = Set(left)
    let rightSet = Set(right)
    let all = sortedPaths(Array(leftSet.union(rightSet)))
    return all.map { rel in
      guard leftSet.contains(rel) else { return Entry(path: rel, outcome: .missingInExpected) }
      guard rightSet.contains(rel) else { return Entry(path: rel, outcome: .missingInActual) }
      let e = expectedRoot + "/" + rel
      let a = actualRoot + "/" + rel
      do {
        if isImagePath(rel) {
          let r = ImageCompare.compare(expected: try decode(e), actual: try decode(a), thresholds: thresholds)
          return Entry(path: rel, outcome: .image(r))
        }
        return Entry(path: rel, outcome: .bytes(equal: try readBytes(e) == readBytes(a)))
      } catch let error as CaptchaError {
        return Entry(path: rel, outcome: .failed(error))
      } catch {
        return Entry(path: rel, outcome: .failed(CaptchaError(.io, "\(rel) cannot be compared: \(error).")))
      }
    }
  }

  private static func readBytes(_ path: String) throws -> Data {
    guard let d = FileManager.default.contents(atPath: path) else {
      throw CaptchaError(.io, "The file \(path) cannot be read.")
    }
    return d
  }

  /// One line per entry for the text report, e.g. `different  sub/piece.png: 12 of … pixels differ …`.
  public static func textLine(_ entry: Entry) -> String {
    let label = PlainText.padded(entry.status, toLength: 9)
    let detail: String
    switch entry.outcome {
    case .image(let r): detail = r.summary
    case .bytes(let equal): detail = equal ? "identical bytes" : "the bytes differ"
    case .missingInActual: detail = "only in the expected folder"
    case .missingInExpected: detail = "only in the actual folder"
    case .failed(let error): detail = error.message
    }
    return "\(label) \(entry.path): \(detail)"
  }

  /// The summary line: counts per status.
  public static func summaryLine(_ entries: [Entry]) -> String {
    let count = { (s: String) in entries.filter { $0.status == s }.count }
    return "compared \(entries.count) files: \(count("equal")) equal, \(count("different")) different, "
      + "\(count("missing")) missing, \(count("error")) errors"
  }

  /// The JSON report of a folder comparison.
  public static func json(expectedRoot: String, actualRoot: String, entries: [Entry]) -> String {
    let files: [JSONValue] = entries.map { entry in
      var fields: [(String, JSONValue)] = [("path", .string(entry.path)), ("status", .string(entry.status))]
      switch entry.outcome {
      case .image(let r):
        fields.append(
          ("comparison", CompareReport.jsonValue(r, expectedName: entry.path, actualName: entry.path)))
      case .bytes(let equal): fields.append(("bytesEqual", .bool(equal)))
      case .missingInActual: fields.append(("missingIn", .string("actual")))
      case .missingInExpected: fields.append(("missingIn", .string("expected")))
      case .failed(let error): fields.append(("error", .string(error.message)))
      }
      return .object(fields)
    }
    let count = { (s: String) in JSONValue.int(Int64(entries.filter { $0.status == s }.count)) }
    let report = JSONValue.object([
      ("result", .string(entries.allSatisfy(\.isMatch) ? "equal" : "different")),
      ("expected", .string(expectedRoot)),
      ("actual", .string(actualRoot)),
      (
        "summary",
        .object([
          ("files", .int(Int64(entries.count))), ("equal", count("equal")), ("different", count("different")),
          ("missing", count("missing")), ("errors", count("error")),
        ])
      ),
      ("files", .array(files)),
    ])
    return JSONWriter.text(report, layout: .indented)
  }
}
