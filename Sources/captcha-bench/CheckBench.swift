import CaptchaKit

/// `check` benchmark: the median time of the built-in self-attack (`make --check`) on 320×160
/// captchas with default options, per drag mode, for each attack alone and for the whole check
/// (both attacks, background decoded from its PNG bytes as `make --check` does).
enum CheckBench {
  struct Case {
    var mode: DragMode
    var samples: Int
  }

  static let cases = [
    Case(mode: .horizontal, samples: 40),
    Case(mode: .vertical, samples: 40),
    Case(mode: .free, samples: 5),
  ]

  static func run() {
    print("check (self-attack on 320x160 captchas, default look; median over different seeds)")
    do {
      for c in cases { try measure(c) }
    } catch {
      print("  failed: \(error)")
    }
  }

  static func measure(_ c: Case) throws {
    var options = SlideOptions()
    options.mode = c.mode
    var whole: [Double] = []
    var perAttack: [[Double]] = SelfAttack.defaultAttacks.map { _ in [] }
    var candidates = 0
    for i in 0..<c.samples {
      let captcha = try SlideMaker.make(imagePath: nil, options: options, seed: UInt64(100 + i))
      let files = try SlideMaker.encode(captcha, options: options)
      whole.append(
        try MakeBench.time {
          let report = try SelfAttack.run(files: files, answer: captcha.answer)
          candidates = report.verdicts.first?.candidates ?? 0
        })
      let view = try ClientView(files: files, answer: captcha.answer)
      for (k, attack) in SelfAttack.defaultAttacks.enumerated() {
        perAttack[k].append(try MakeBench.time { _ = attack.scores(view) })
      }
    }
    let attacks = zip(SelfAttack.defaultAttacks, perAttack).map {
      "\($0.name) \(MakeBench.ms(MakeBench.median($1)))"
    }
    print(
      "  \(c.mode.rawValue) (\(candidates) positions): check \(MakeBench.ms(MakeBench.median(whole))) "
        + "(\(attacks.joined(separator: ", ")); n = \(c.samples))")
  }
}
