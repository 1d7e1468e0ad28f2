import Foundation

/// What an ELF file's dynamic section says about its shared libraries: the DT_NEEDED names and the
/// run paths (DT_RUNPATH, DT_RPATH), as `readelf -d` prints them. Read here, in Swift, so the tests
/// need no binutils. 64-bit little-endian files only (x86_64, aarch64). A static executable has no
/// dynamic section: it needs no library.
struct ELFDynamicSection {
  /// Whether the file has a dynamic section at all (false: a static executable, which the kernel
  /// runs without the dynamic linker).
  var isDynamic: Bool
  /// The DT_NEEDED entries, in file order, e.g. `libswiftCore.so`.
  var needed: [String]
  /// The folders of DT_RUNPATH and DT_RPATH, `$ORIGIN` replaced by the file's own folder.
  var runPaths: [String]

  struct FormatError: Error, CustomStringConvertible {
    var file: String
    var problem: String
    var description: String { "\(file): \(problem)" }
  }

  init(file: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
    func fail(_ problem: String) -> FormatError { FormatError(file: file, problem: problem) }
    guard bytes.count >= 64, bytes.prefix(4).elementsEqual([0x7F, 0x45, 0x4C, 0x46]) else {
      throw fail("not an ELF file")
    }
    guard bytes[4] == 2, bytes[5] == 1 else { throw fail("not a 64-bit little-endian ELF file") }

    func integer(_ offset: Int, _ size: Int) throws -> UInt64 {
      guard offset >= 0, offset + size <= bytes.count else { throw fail("offset \(offset) is past the end") }
      var value: UInt64 = 0
      for i in (0..<size).reversed() { value = value << 8 | UInt64(bytes[bytes.startIndex + offset + i]) }
      return value
    }
    func string(_ offset: Int) throws -> String {
      guard offset >= 0, offset < bytes.count else { throw fail("string offset \(offset) is past the end") }
      let start = bytes.startIndex + offset
      guard let end = bytes[start...].firstIndex(of: 0) else { throw fail("unterminated string") }
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    // Section headers: find SHT_DYNAMIC (6); its sh_link is the string table's section index.
    let sectionTable = Int(try integer(0x28, 8))
    let sectionSize = Int(try integer(0x3A, 2))
    let sectionCount = Int(try integer(0x3C, 2))
    func section(_ index: Int) -> Int { sectionTable + index * sectionSize }
    guard
      let dynamic = try (0..<sectionCount).first(where: { try integer(section($0) + 4, 4) == 6 })
    else {
      (isDynamic, needed, runPaths) = (false, [], [])
      return
    }
    let dynamicOffset = Int(try integer(section(dynamic) + 0x18, 8))
    let dynamicSize = Int(try integer(section(dynamic) + 0x20, 8))
    let strings = Int(try integer(section(dynamic) + 0x28, 4))
    guard strings < sectionCount else { throw fail("the dynamic section's string table is missing") }
    let stringsOffset = Int(try integer(section(strings) + 0x18, 8))

    let folder = (file as NSString).deletingLastPathComponent
    var needed: [String] = []
    var runPaths: [String] = []
    entries: for entry in stride(from: dynamicOffset, to: dynamicOffset + dynamicSize, by: 16) {
      let value = Int(try integer(entry + 8, 8))
      switch try integer(entry, 8) {
      case 0: break entries  // DT_NULL ends the table
      case 1: needed.append(try string(stringsOffset + value))  // DT_NEEDED
      case 15, 29:  // DT_RPATH, DT_RUNPATH
        runPaths += try string(stringsOffset + value).split(separator: ":").map {
          $0.replacingOccurrences(of: "$ORIGIN", with: folder)
        }
      default: continue
      }
    }
    self.isDynamic = true
    self.needed = needed
    self.runPaths = runPaths
  }

  /// Every library `file` loads, directly or through another library, by name (what `ldd` lists):
  /// each DT_NEEDED name is looked for in the run paths of the file that needs it (the Swift
  /// runtime's and Foundation's libraries are found there) and, when found, read in turn. Names
  /// found in no run path (the C library, libpng…) are listed but not followed.
  static func libraryClosure(of file: String) throws -> Set<String> {
    var seen: Set<String> = []
    var queue = [try ELFDynamicSection(file: file)]
    while let next = queue.popLast() {
      for name in next.needed where seen.insert(name).inserted {
        let candidates = next.runPaths.map { ($0 as NSString).appendingPathComponent(name) }
        if let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) {
          queue.append(try ELFDynamicSection(file: path))
        }
      }
    }
    return seen
  }
}
