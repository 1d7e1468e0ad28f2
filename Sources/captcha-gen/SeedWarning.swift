import CaptchaArguments

/// A seed is the captcha's secret: everything in a captcha follows from it, so whoever finds the
/// seed of a captcha can make it again and read its answer. A seed below `guessableBelow` is found
/// by trying them all (2^32 `make` runs against the first pixels of a captcha), so `make` and
/// `batch` warn when given one. Not an error: tests and goldens use small seeds on purpose.
enum SeedWarning {
  /// Seeds below this are guessable by exhaustive search.
  static let guessableBelow: UInt64 = 1 << 32

  /// The warning for `seed` given to `command` (`--seed`), or nil when it is not guessable.
  static func message(command: String, seed: UInt64) -> String? {
    guard seed < guessableBelow else { return nil }
    return """
      \(command): warning: --seed \(seed) is below 2^32: anyone with captcha-gen can find it by \
      trying every seed and read the answer off the pictures; leave --seed out (a fresh seed is \
      drawn from the system) for captchas that protect anything
      """
  }

  /// Prints the warning for an explicit `seed` on stderr, if there is one.
  static func check(command: String, seed: UInt64?) {
    if let seed, let line = message(command: command, seed: seed) { printError(line) }
  }
}
