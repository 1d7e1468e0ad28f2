import Foundation

/// Fresh temporary folders for library tests.
public enum TestDirs {
  /// A new empty folder under the system temporary folder.
  public static func make(_ name: String = "kit") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("captchakit-tests-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
