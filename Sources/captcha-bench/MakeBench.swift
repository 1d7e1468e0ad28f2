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

/// `make` benchmarks: for a 320×160 PNG, a 1920×1080 JPEG and a 12 MP JPEG, the median wall time
/// of the whole `make` pipeline (read, decode, hash, place, rasterise, compose, encode, atomic
/// write) next to the codec floor measured in the same run (decode the input, encode outputs of
/// the same sizes, nothing else), and the peak memory of a `captcha-gen make` process.
/// Targets: make ≤ 1.15 × floor; peak ≤ 1.5 × decoded image + 20 MB.
enum MakeBench {
  struct Case {
    var name: String
    var width: Int
    var height: Int
    var jpeg: Bool
    var samples: Int
  }

  static let cases = [
    Case(name: "320x160 PNG", width: 320, height: 160, jpeg: false, samples: 40),
    Case(name: "1920x1080 JPEG", width: 1920, height: 1080, jpeg: true, samples: 12),
    Case(name: "12 MP JPEG (4000x3000)", width: 4000, height: 3000, jpeg: true, samples: 5),
  ]

  static func run() {
    print("make (default options, PNG output; median of interleaved runs)")
    let dir = FileManager.default.temporaryDirectory
      .appendingPathComponent("captcha-bench-make-\(getpid())")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    do {
      for c in cases { try measure(c, in: dir) }
    } catch {
      print("  failed: \(error)")
    }
  }

  static func measure(_ c: Case, in dir: URL) throws {
    // The input: a procedural picture, encoded like a user's file.
    let picture = ProceduralBackground.make(width: c.width, height: c.height, seed: 2024)
    let input = dir.appendingPathComponent(c.jpeg ? "input.jpg" : "input.png")
    let bytes =
      c.jpeg
      ? try ImageCodec.encodeJPEG(picture, quality: 90) : try ImageCodec.encodePNG(picture, keepAlpha: false)
    try AtomicFile.write(bytes, to: input.path)
    let out = dir.appendingPathComponent("out").path
    // The library's plain options are the classic look; the command line's default is
    // `--difficulty normal` (striped hole, background variation, decoys), which does more work.
    let looks: [(name: String, options: SlideOptions)] = [
      ("classic", SlideOptions()), ("default", SlideOptions(difficulty: .normal)),
    ]

    // One run to get output images of the right sizes for the floor.
    let sample = try SlideMaker.make(imagePath: input.path, options: looks[0].options, seed: 1)
    var makeTimes = Array(repeating: [Double](), count: looks.count)
    var floorTimes: [Double] = []
    for i in 0..<c.samples {
      for (k, look) in looks.enumerated() {
        makeTimes[k].append(
          try time {
            let captcha = try SlideMaker.make(imagePath: input.path, options: look.options, seed: UInt64(i))
            try SlideMaker.encode(captcha, options: look.options).write(toDirectory: out)
          })
      }
      floorTimes.append(
        try time {
          _ = try ImageCodec.decodeFile(path: input.path)
          _ = try ImageCodec.encodePNG(sample.piece, keepAlpha: true)
          _ = try ImageCodec.encodePNG(sample.background, keepAlpha: false)
        })
    }
    let f = median(floorTimes)
    let decodedMB = Double(c.width * c.height * 4) / 1_048_576
    let peak = peakMemoryMB(input: input.path, out: out)
    let peakText = peak.map { PlainText.format("%.1f MB", $0) } ?? "n/a (captcha-gen not built)"
    var ratios: [String] = []
    for (k, look) in looks.enumerated() {
      let m = median(makeTimes[k])
      ratios.append("\(look.name) make \(ms(m)), ratio \(PlainText.format("%.2f", m / f))")
    }
    print(
      "  \(c.name): floor \(ms(f)); \(ratios.joined(separator: "; ")) (target ≤ 1.15); "
        + "peak of captcha-gen make (default look) \(peakText), target ≤ "
        + "\(PlainText.format("%.1f", 1.5 * decodedMB + 20)) MB (piece \(sample.answer.piece.width) px)")
  }

  static func time(_ body: () throws -> Void) throws -> Double {
    let t0 = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
  }

  static func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }

  static func ms(_ s: Double) -> String { PlainText.format("%.1f ms", s * 1000) }

  /// Peak resident memory of one `captcha-gen make` process, or nil when the executable is not
  /// next to this one.
  ///
  /// Linux hands a process's memory high-water mark on through exec, so a child spawned straight
  /// from this (large) process would report at least our size. The child is therefore started
  /// through a fresh `captcha-bench --peak-rss` helper (small when it spawns), which reports the
  /// grandchild's `ru_maxrss` from wait4.
  static func peakMemoryMB(input: String, out: String) -> Double? {
    let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let exe = dir.appendingPathComponent("captcha-gen").path
    guard FileManager.default.isExecutableFile(atPath: exe) else { return nil }
    let helperArgs = [
      CommandLine.arguments[0], "--peak-rss", exe, "make", "--image", input, "--out", out, "--seed", "7",
    ]
    guard let (status, data) = runCapturingStdout(helperArgs) else { return nil }
    let text = PlainText.trimmed(String(decoding: data, as: UTF8.self), newlines: true)
    guard status == 0, let kb = Double(text) else { return nil }
    return kb / 1024
  }

  /// Runs `args[0]` with `args` (posix_spawn), returning its exit status and standard output.
  static func runCapturingStdout(_ args: [String]) -> (Int32, [UInt8])? {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    var cArgs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, args[0], &actions, nil, &cArgs, environ)
    close(fds[1])
    defer { close(fds[0]) }
    guard rc == 0 else { return nil }
    var data: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress!, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      data.append(contentsOf: chunk[0..<n])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status, data)
  }

  /// `captcha-bench --peak-rss EXE ARGS…`: runs EXE and prints its peak RSS in KB (exit 1 when it
  /// cannot be run or fails).
  static func peakRSSHelper(_ args: [String]) -> Int32 {
    guard let exe = args.first else { return 1 }
    var cArgs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, exe, nil, nil, &cArgs, environ) == 0 else { return 1 }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid, status == 0 else { return 1 }
    print(usage.ru_maxrss)  // KB on Linux
    return 0
  }
}
