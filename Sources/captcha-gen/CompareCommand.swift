import ArgumentParser
import CaptchaArguments
import CaptchaKit

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

/// `captcha-gen compare EXPECTED ACTUAL`: compares decoded pixels of two images, or of the images in
/// two folders, against thresholds; exit 0 equal, 1 different, ≥ 2 error.
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Compare two images (or two folders of images) by their decoded pixels.",
    discussion: """
      Prints the differing pixel count and share, the largest channel difference and the PSNR, and \
      exits 0 when the images are equal within the thresholds, 1 when they differ and 2 or more on \
      an error (64 usage, 65 not an image, 66 missing file). Different sizes are a difference.

      Folder mode (both arguments folders): files are paired by relative path (recursive, hidden \
      entries skipped, sorted); PNG/JPEG files are compared as pixels, other files byte for byte; a \
      file on one side only is a difference. --diff then names a folder that receives \
      <relative path>.diff.png for every image pair that differs.

      --antialias forgives a differing pixel when each image's pixel appears in the other image's \
      3×3 neighbourhood (a sub-pixel shift), or when both images have a high-contrast edge there \
      (luma range ≥ 64 of 255 over the 3×3 block) and each pixel's luma lies within the other \
      image's edge range (a blend of the edge). Fully transparent pixels are equal whatever their \
      colour channels hold.
      """
  )

  @Argument(help: "The expected (golden) image, or folder.")
  var expected: String

  @Argument(help: "The actual image, or folder.")
  var actual: String

  @Option(
    name: .customLong("max-diff"),
    help: "Per-channel absolute difference (0…255) a pixel may have and still count as equal.")
  var maxDiff: Int = 0

  @Option(
    name: .customLong("max-pixels"),
    help: ArgumentHelp(
      "How many pixels may differ: a count N or a share P% of the expected image (default 0).",
      valueName: "N|P%"),
    transform: { try PixelAllowance.parse($0) })
  var maxPixels: PixelAllowance = .count(0)

  @Flag(help: "Do not count differences that look like antialiasing (see the discussion).")
  var antialias = false

  @Option(help: "Write a PNG of the expected image faded to gray with differing pixels in red.")
  var diff: String?

  @Flag(help: "Print the result as JSON on stdout.")
  var json = false

  @Option(
    name: .customLong("pixel-limit"),
    help: "Refuse images whose header claims more pixels than this.")
  var pixelLimit: Int = ImageCodec.defaultMaxPixels

  func run() throws {
    let matched: Bool = try reportingErrors {
      let thresholds = CompareThresholds(
        maxChannelDifference: maxDiff, allowedPixels: maxPixels,
        antialiasing: antialias)
      try thresholds.validate()
      guard pixelLimit > 0 else { throw usageError("The pixel limit \(pixelLimit) must be positive.") }
      switch (isDirectory(expected), isDirectory(actual)) {
      case (true, true): return try compareFolders(thresholds)
      case (false, false): return try compareFiles(thresholds)
      default:
        throw usageError(
          "Compare needs two files or two folders, but one of \(expected) and \(actual) is a folder.")
      }
    }
    if !matched { throw ExitCode(1) }
  }

  private func decode(_ path: String) throws -> RGBAImage {
    try ImageCodec.decodeFile(path: path, maxPixels: pixelLimit).image
  }

  private func compareFiles(_ thresholds: CompareThresholds) throws -> Bool {
    let e = try decode(expected)
    let a = try decode(actual)
    let result = ImageCompare.compare(expected: e, actual: a, thresholds: thresholds)
    if let diff {
      try writeDiff(DiffImage.render(expected: e, mask: result.mask), to: diff)
    }
    print(
      json
        ? CompareReport.json(result, expectedName: expected, actualName: actual)
        : CompareReport.text(result, expectedName: expected, actualName: actual))
    return result.isMatch
  }

  private func compareFolders(_ thresholds: CompareThresholds) throws -> Bool {
    let entries = try FolderCompare.compare(
      expectedRoot: expected, actualRoot: actual, thresholds: thresholds, decode: decode)
    if let diff {
      for entry in entries where !entry.isMatch {
        guard case .image(let result) = entry.outcome else { continue }
        let e = try decode(expected + "/" + entry.path)
        try writeDiff(
          DiffImage.render(expected: e, mask: result.mask), to: diff + "/" + entry.path + ".diff.png")
      }
    }
    if json {
      print(FolderCompare.json(expectedRoot: expected, actualRoot: actual, entries: entries))
    } else {
      for entry in entries { print(FolderCompare.textLine(entry)) }
      print(FolderCompare.summaryLine(entries))
    }
    // An entry that could not be read or decoded is an error, reported with its own code.
    for entry in entries {
      if case .failed(let error) = entry.outcome { throw error }
    }
    return entries.allSatisfy(\.isMatch)
  }

  private func writeDiff(_ image: RGBAImage, to path: String) throws {
    let parent = PathText.deletingLastComponent(path)
    if !parent.isEmpty {
      do {
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      } catch {
        throw CaptchaError(.cannotCreate, "The folder \(parent) for the diff picture cannot be created.")
      }
    }
    try AtomicFile.write(try ImageCodec.encodePNG(image, keepAlpha: false), to: path)
  }

  private func isDirectory(_ path: String) -> Bool {
    var isDir: Bool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir
  }
}
