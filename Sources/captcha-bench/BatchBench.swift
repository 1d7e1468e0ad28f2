import CaptchaKit
import Dispatch

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

/// Batch throughput (captchas per second) at 320×160 PNG with 1 and 2 jobs, from one background
/// file and from a folder of distinct ones; prints medians of several runs and the 2-vs-1 ratio
/// (target ≥ 1.8 on a machine with two otherwise idle cores). Runs with 1 and 2 jobs alternate, so
/// load from other processes falls on both alike; the load average is printed for context, and the
/// ratio of the best runs is printed next to the ratio of medians (on a shared machine the best run
/// is the one least slowed by others).
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
        var cpuRates: [Int: [Double]] = [1: [], 2: []]
        for r in 0..<repeats {
          for jobs in [1, 2] {
            let m = try measure(images: folder, jobs: jobs, out: root + "/out-\(jobs)-\(r)")
            rates[jobs]!.append(m.perSecond)
            cpuRates[jobs]!.append(m.perCPUSecond)
          }
        }
        var medians: [Int: Double] = [:]
        for jobs in [1, 2] {
          let sorted = rates[jobs]!.sorted()
          medians[jobs] = sorted[sorted.count / 2]
          print(
            "  \(label), jobs \(jobs): \(fixed(medians[jobs]!, 1)) captchas/s "
              + "(runs: \(sorted.map { fixed($0, 1) }.joined(separator: ", "))); "
              + "\(fixed(median(cpuRates[jobs]!), 1)) per CPU-second")
        }
        let best = rates[2]!.max()! / rates[1]!.max()!
        print(
          "  \(label): 2 jobs / 1 job = \(fixed(medians[2]! / medians[1]!, 2))x median, "
            + "\(fixed(best, 2))x best run (target >= 1.8)")
      }
      print("  load average after: \(loadAverage())")
    } catch {
      print("batch benchmark failed: \(error)")
    }
  }

  /// Captchas per wall-clock second and per CPU-second (user + system time of this process) of one
  /// batch run. Equal per-CPU-second figures for 1 and 2 jobs mean the parallel run adds no work;
  /// the wall-clock ratio then only depends on how much of the second core is free.
  static func measure(images: String, jobs: Int, out: String) throws -> (
    perSecond: Double, perCPUSecond: Double
  ) {
    let request = BatchRequest(
      count: items, outputDirectory: out, inputs: try .folder(images), baseSeed: 1, jobs: jobs)
    let engine = CaptchaBatch.engine(request: request, options: SlideOptions())
    let cpuStart = cpuSeconds()
    let start = DispatchTime.now().uptimeNanoseconds
    let summary = try engine.run()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let cpu = cpuSeconds() - cpuStart
    try? FileManager.default.removeItem(atPath: out)
    precondition(summary.progress.failed == 0, "benchmark items failed")
    let made = Double(summary.progress.made)
    return (made / seconds, made / cpu)
  }

  /// User + system CPU time of this process so far, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }

  static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

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

  static func fixed(_ v: Double, _ decimals: Int) -> String { PlainText.format("%.\(decimals)f", v) }
}
