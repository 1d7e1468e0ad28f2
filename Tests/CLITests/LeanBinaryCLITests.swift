import Foundation
import XCTest

/// captcha-gen loads neither full Foundation nor ICU (docs/decisions/0001-two-binaries-lean-cli.md):
/// every `make`, `batch` and `verify` process would pay their load time and pages.
/// The serve binary, which links Hummingbird and postgres-nio, is where they belong. On Linux
/// captcha-gen is a static executable (Package.swift): it loads no library at all, starts without
/// the dynamic linker and runs where neither the toolchain nor the codec libraries are installed.
final class LeanBinaryCLITests: XCTestCase {
  /// Library names that mean full Foundation or ICU (libFoundationEssentials is the lean part).
  static func isFoundationOrICU(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasPrefix("libfoundation.") || lower.hasPrefix("libfoundationinternationalization.")
      || lower.hasPrefix("libfoundationnetworking.") || lower.hasPrefix("libfoundationxml.")
      || lower.contains("icu")
  }

  func testCaptchaGenLoadsNoFoundationAndNoICU() throws {
    let libraries = try ELFDynamicSection.libraryClosure(of: CLI.executableURL.path)
    XCTAssertEqual(libraries.filter(Self.isFoundationOrICU).sorted(), [], "captcha-gen must stay lean")
    #if os(Linux)
      XCTAssertFalse(
        try ELFDynamicSection(file: CLI.executableURL.path).isDynamic, "captcha-gen is a static executable")
      XCTAssertEqual(libraries.sorted(), [], "a static executable loads no library")
    #endif
  }

  /// The same reader on the serve binary finds full Foundation and ICU, through libraries it reads
  /// in turn (ICU is needed by libFoundationInternationalization, not by the binary itself).
  func testTheReaderSeesFoundationAndICUInTheServeBinary() throws {
    let serve = CLI.executableURL.deletingLastPathComponent().appendingPathComponent("captcha-gen-serve")
    let direct = try ELFDynamicSection(file: serve.path).needed
    XCTAssertFalse(direct.contains("lib_FoundationICU.so"), "\(direct)")
    let libraries = try ELFDynamicSection.libraryClosure(of: serve.path)
    XCTAssertTrue(libraries.contains("libpng16.so.16"), "the reader found the codec libraries: \(libraries)")
    XCTAssertTrue(libraries.contains("libFoundation.so"), "\(libraries)")
    XCTAssertTrue(libraries.contains("lib_FoundationICU.so"), "\(libraries)")
  }

  func testANonELFFileIsRefused() throws {
    let dir = try CLI.tempDir("elf")
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("script.sh")
    try Data("#!/bin/sh\n".utf8).write(to: file)
    XCTAssertThrowsError(try ELFDynamicSection(file: file.path)) { error in
      XCTAssertTrue("\(error)".hasSuffix("not an ELF file"), "\(error)")
    }
  }
}
