import Foundation
import XCTest

/// The documentation names only paths that exist, and the two pages a newcomer reads first stay
/// short. The check reads README.md, every page under docs/ and every README.md under tools/, and
/// takes as a path each relative markdown link (`[text](images/x.png)`, resolved from the page's
/// folder) and each `code` span that starts with a folder of the repository (`Sources/…`, `Tests/…`,
/// `tools/…`, `docs/…`, `Fixtures/…`, `Examples/…`; resolved from the repository's root).
final class DocsPathTests: XCTestCase {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// The most lines README.md and docs/ARCHITECTURE.md may have.
  static let maximumLines = 400

  func testEveryPathTheDocsNameExists() throws {
    let pages = try DocPages.find(under: Self.root)
    XCTAssertTrue(pages.contains("README.md"), "README.md was not found")
    XCTAssertTrue(pages.contains("docs/ARCHITECTURE.md"), "docs/ARCHITECTURE.md was not found")
    var missing: [String] = []
    for page in pages {
      let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
      for reference in DocPaths.references(in: text, page: page)
      where !DocPaths.exists(reference.path, root: Self.root) {
        missing.append("\(page):\(reference.line): \(reference.path) does not exist")
      }
    }
    XCTAssertEqual(missing, [], "\n" + missing.joined(separator: "\n"))
  }

  func testTheReadmeAndTheMapAreShort() throws {
    for page in ["README.md", "docs/ARCHITECTURE.md"] {
      let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      XCTAssertLessThanOrEqual(lines, Self.maximumLines, "\(page) has \(lines) lines")
    }
  }

  /// The check itself sees a missing path in a link and in a code span, resolves a link from its
  /// page's folder, and leaves web links, anchors, fenced code and other code spans alone.
  func testTheCheckFindsMissingPathsAndOnlyThose() {
    let text = """
      See [the map](ARCHITECTURE.md#targets), [gone](gone/page.md), <https://example.com>,
      [web](https://example.com/x.md) and [here](#anchor).
      The kind lives in `Sources/CaptchaKindCore/Kind/CaptchaKind.swift`; `Sources/NoSuchTarget/`
      and `tools/look/contact_sheet.py --count 3` and `make test` and `.build/release/captcha-gen`.
      ```
      Sources/InsideAFence.swift
      ```
      Goldens: `Fixtures/golden/pattern-*`, `Fixtures/golden/nothing-*`.
      """
    let references = DocPaths.references(in: text, page: "docs/probe.md")
    XCTAssertEqual(
      references.map(\.path),
      [
        "docs/ARCHITECTURE.md", "docs/gone/page.md", "Sources/CaptchaKindCore/Kind/CaptchaKind.swift",
        "Sources/NoSuchTarget/", "tools/look/contact_sheet.py", "Fixtures/golden/nothing-*",
        "Fixtures/golden/pattern-*",
      ])
    XCTAssertEqual(
      references.filter { !DocPaths.exists($0.path, root: Self.root) }.map(\.path),
      ["docs/gone/page.md", "Sources/NoSuchTarget/", "Fixtures/golden/nothing-*"])
  }
}

/// The pages the check reads, relative to the repository's root.
enum DocPages {
  static func find(under root: URL) throws -> [String] {
    var pages = ["README.md"]
    for folder in ["docs", "tools"] {
      let walker = FileManager.default.enumerator(
        atPath: root.appendingPathComponent(folder).resolvingSymlinksInPath().path)
      while let relative = walker?.nextObject() as? String {
        let name = (relative as NSString).lastPathComponent
        if folder == "docs" ? relative.hasSuffix(".md") : name == "README.md" {
          pages.append(folder + "/" + relative)
        }
      }
    }
    return pages.sorted()
  }
}

/// Repository paths named in a markdown page.
enum DocPaths {
  struct Reference: Equatable {
    /// The path from the repository's root (a trailing `/` for a folder, `*` for a glob).
    var path: String
    var line: Int
  }

  /// The folders a code span must start with to be taken as a path.
  static let folders = ["Sources/", "Tests/", "tools/", "docs/", "Fixtures/", "Examples/"]

  /// Every path `text` (the page at `page`, relative to the root) names, outside fenced code.
  static func references(in text: String, page: String) -> [Reference] {
    let pageFolder = (page as NSString).deletingLastPathComponent
    // Fenced code becomes empty lines, so line numbers stay those of the page.
    var fenced = false
    let lines = text.components(separatedBy: "\n").map { line -> String in
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        fenced.toggle()
        return ""
      }
      return fenced ? "" : line
    }
    var result: [Reference] = []
    for (index, line) in lines.enumerated() {
      for target in linkTargets(in: line) {
        result.append(Reference(path: normalised(joining: pageFolder, target), line: index + 1))
      }
    }
    for (span, line) in codeSpans(in: lines) {
      guard let token = span.split(separator: " ").first.map(String.init),
        folders.contains(where: { token.hasPrefix($0) })
      else { continue }
      let path = token.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:)"))
      if path.contains("<") || path.contains("{") || path.contains("…") { continue }
      result.append(Reference(path: path, line: line))
    }
    return result.sorted { ($0.line, $0.path) < ($1.line, $1.path) }
  }

  /// Whether `path` exists under `root`; a glob `a/b-*` exists when some entry of `a` starts with `b-`.
  static func exists(_ path: String, root: URL) -> Bool {
    if let star = path.firstIndex(of: "*") {
      let prefix = String(path[..<star])
      let inFolder = prefix.hasSuffix("/") || !prefix.contains("/")
      let folder = inFolder ? prefix : (prefix as NSString).deletingLastPathComponent
      let start = inFolder ? "" : (prefix as NSString).lastPathComponent
      let entries =
        (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []
      return entries.contains { $0.hasPrefix(start) }
    }
    var isFolder: ObjCBool = false
    let found = FileManager.default.fileExists(
      atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
    return found && (!path.hasSuffix("/") || isFolder.boolValue)
  }

  /// The relative targets of the markdown links and images on `line`: no scheme, no bare anchor;
  /// the `#fragment` dropped.
  static func linkTargets(in line: String) -> [String] {
    var targets: [String] = []
    var rest = Substring(line)
    while let open = rest.range(of: "](") {
      let after = rest[open.upperBound...]
      guard let close = after.firstIndex(of: ")") else { break }
      let target = String(after[..<close]).split(
        separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      rest = after[close...]
      if target.isEmpty || target.contains("://") || target.hasPrefix("mailto:") { continue }
      targets.append(String(target))
    }
    return targets
  }

  /// The contents of the `code` spans in `lines` (a span may go on over a line break, read as a
  /// space), each with the line it starts on.
  static func codeSpans(in lines: [String]) -> [(String, Int)] {
    var spans: [(String, Int)] = []
    var open: (text: String, line: Int)?
    for (index, line) in lines.enumerated() {
      for (offset, piece) in line.components(separatedBy: "`").enumerated() {
        if offset > 0 {  // a backtick before this piece
          if let span = open {
            spans.append((span.text, span.line))
            open = nil
          } else {
            open = ("", index + 1)
          }
        }
        open?.text += piece
      }
      open?.text += " "
    }
    return spans
  }

  /// `target` resolved from `folder`, with `.` and `..` taken out (a trailing `/` kept).
  static func normalised(joining folder: String, _ target: String) -> String {
    var parts: [String] = []
    for part in (folder.isEmpty ? target : folder + "/" + target).split(separator: "/") {
      switch part {
      case ".": continue
      case "..": if !parts.isEmpty { parts.removeLast() }
      default: parts.append(String(part))
      }
    }
    return parts.joined(separator: "/") + (target.hasSuffix("/") ? "/" : "")
  }
}
