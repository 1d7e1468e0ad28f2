import CaptchaKit
import Foundation

/// Batch throughput (captchas per second) at 320×160 PNG with 1 and 2 jobs, from one background
/// file and from a folder of distinct ones; prints medians of several runs and the 2-vs-1 ratio
/// (target ≥ 1.8 on a machine with two otherwise idle cores). Runs with 1 and 2 jobs alternate, so
/// load from other processes falls on both alike; the load average is printed for context.
enum BatchBench {
  static let items = 120
  static let repeats = 7

  static func run() {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("captcha-bench-batch-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    do {
      let one = root + "/one"
      let many = root + "/many"
      try writeBackgrounds(count: 1, into: one)
      try writeBackgrounds(count: 16, into: many)
      print(
        "batch throughput, 320x160 PNG, \(items) items per run, median of \(repeats) runs "
          + "(\(ProcessInfo.processInfo.activeProcessorCount) cores, load \(loadAverage()))")
      for (label, folder) in [("one background", one), ("16 distinct backgrounds", many)] {
        var rates: [Int: [Double]] = [1: [], 2: []]
        for r in 0..<repeats {
          for jobs in [1, 2] {
            rates[jobs]!.append(try measure(images: folder, jobs: jobs, out: root + "/out-\(jobs)-\(r)"))
          }
        }
        var medians: [Int: Double] = [:]
        for jobs in [1, 2] {
          let sorted = rates[jobs]!.sorted()
          medians[jobs] = sorted[sorted.count / 2]
          print(
            "  \(label), jobs \(jobs): \(fixed(medians[jobs]!, 1)) captchas/s "
              + "(runs: \(sorted.map { fixed($0, 1) }.joined(separator: ", ")))")
        }
        print("  \(label): 2 jobs / 1 job = \(fixed(medians[2]! / medians[1]!, 2))x (target >= 1.8)")
      }
      print("  load average after: \(loadAverage())")
    } catch {
      print("batch benchmark failed: \(error)")
    }
  }

  /// Captchas per second of one batch run.
  static func measure(images: String, jobs: Int, out: String) throws -> Double {
    let request = BatchRequest(
      count: items, outputDirectory: out, inputs: try .folder(images), baseSeed: 1, jobs: jobs)
    let engine = CaptchaBatch.engine(request: request, options: MakeOptions())
    let start = DispatchTime.now().uptimeNanoseconds
    let summary = try engine.run()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    try? FileManager.default.removeItem(atPath: out)
    precondition(summary.progress.failed == 0, "benchmark items failed")
    return Double(summary.progress.made) / seconds
  }

  static func writeBackgrounds(count: Int, into folder: String) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for k in 0..<count {
      let image = ProceduralBackground.make(width: 320, height: 160, seed: UInt64(100 + k))
      let png = try ImageCodec.encodePNG(image, keepAlpha: false)
      try Data(png).write(to: URL(fileURLWithPath: folder + "/bg\(k).png"))
    }
  }

  /// The 1-minute load average from /proc/loadavg ("?" elsewhere).
  static func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
    return String(text.split(separator: " ").first ?? "?")
  }

  static func fixed(_ v: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", v) }
}
