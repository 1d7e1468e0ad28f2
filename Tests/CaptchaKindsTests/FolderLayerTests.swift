import Foundation
import XCTest

/// The kinds' layers are targets (Package.swift states them and the compiler holds them: a kind's
/// target cannot import another kind's). Inside CaptchaKindCore, the seam every kind shares, folders
/// use each other one way too: `Errors/` at the bottom, then the building blocks (`Steps/`,
/// `Shapes/`, `Hardening/`), then the shared interface `Kind/`. A folder may use what is declared in
/// a lower layer, never a folder beside it or above it. The check reads the sources: every type (or
/// top-level function) declared at the top level of a file belongs to the file's folder, and a file
/// that names a type of another folder uses that folder.
final class FolderLayerTests: XCTestCase {
  /// The layers, bottom first; folders in one layer must not use each other.
  static let layers: [[String]] = [
    ["Errors"],
    ["Steps", "Shapes", "Hardening"],
    ["Kind"],
  ]

  func testEveryFolderUsesOnlyTheLayersBelowIt() throws {
    let sources = try KindsSources.read()
    XCTAssertGreaterThan(sources.files.count, 40, "the sources of CaptchaKindCore were not found")
    let rank = Dictionary(
      uniqueKeysWithValues: Self.layers.enumerated().flatMap { index, folders in folders.map { ($0, index) } }
    )
    let unknown = Set(sources.files.map(\.folder)).subtracting(rank.keys)
    XCTAssertEqual(unknown, [], "folders of CaptchaKindCore missing from the layer list")
    var wrong: [String] = []
    for file in sources.files {
      guard let own = rank[file.folder] else { continue }
      for (name, folder) in sources.uses(of: file) {
        guard let other = rank[folder], other >= own else { continue }
        let how = other == own ? "beside it" : "above it"
        wrong.append("\(file.path) uses \(name) from \(folder)/, \(how)")
      }
    }
    XCTAssertEqual(wrong, [], "\n" + wrong.joined(separator: "\n"))
  }

  /// The check itself finds a use across folders: a made-up file in Errors/ naming a type of Steps/.
  func testTheCheckSeesAUseOfAFolderAbove() throws {
    let sources = try KindsSources.read()
    let file = KindsSources.File(
      path: "Errors/Probe.swift", folder: "Errors", text: "let a = StepStops.minimumCount")
    XCTAssertEqual(sources.uses(of: file).map(\.folder), ["Steps"])
  }
}

/// The Swift files of Sources/CaptchaKindCore and the top-level names each folder declares.
struct KindsSources {
  struct File {
    var path: String
    var folder: String
    var text: String
  }

  var files: [File]
  /// Top-level declared name → the folder that declares it.
  var owners: [String: String]

  static func read() throws -> KindsSources {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/CaptchaKindCore")
    var files: [File] = []
    let walker = FileManager.default.enumerator(atPath: root.path)
    while let relative = walker?.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
      let folder = relative.split(separator: "/").count > 1 ? String(relative.split(separator: "/")[0]) : "."
      files.append(File(path: relative, folder: folder, text: text))
    }
    var owners: [String: String] = [:]
    for file in files {
      for name in declaredNames(in: file.text) { owners[name] = file.folder }
    }
    return KindsSources(files: files.sorted { $0.path < $1.path }, owners: owners)
  }

  /// Names declared at the top level (column 0) of `text`: types, type aliases and functions.
  static func declaredNames(in text: String) -> [String] {
    let pattern =
      #"(?m)^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|enum|class|protocol|typealias|actor|func)\s+(\w+)"#
    return matches(of: pattern, in: text)
  }

  /// The names of other folders `file` uses, with the folder each belongs to (sorted, no repeats).
  func uses(of file: File) -> [(name: String, folder: String)] {
    let code = Self.withoutComments(file.text)
    let words = Set(Self.matches(of: #"\b([A-Za-z_]\w*)\b"#, in: code))
    return words.compactMap { word -> (String, String)? in
      guard let folder = owners[word], folder != file.folder else { return nil }
      return (word, folder)
    }
    .sorted { $0.0 < $1.0 }
  }

  /// `text` without `//` and `/* */` comments (string literals stay: their interpolations use names).
  static func withoutComments(_ text: String) -> String {
    var out = text
    for pattern in [#"(?s)/\*.*?\*/"#, #"//[^\n]*"#] {
      out = out.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
    }
    return out
  }

  static func matches(of pattern: String, in text: String) -> [String] {
    let regex = try! NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }
}
