import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// One attack's result on one captcha.
public struct AttackVerdict: Equatable, Sendable {
  /// The attack's name (`edge-match`, `ncc-ccoeff`).
  public var attack: String
  /// Its best guess for piece.png's top-left corner (nil when no position had a score).
  public var guess: PiecePosition?
  /// Where the true target ranks among all searched positions: 1 + the number of positions outside
  /// the tolerance window scoring higher than the best one inside it. 1 = the attack finds it.
  public var rank: Int
  /// How many positions the attack searched.
  public var candidates: Int
  /// True when `verify` would accept the guess.
  public var cracked: Bool
  /// Rotate: the guessed clockwise turn in degrees (then `guess` is nil).
  public var angle: Double?

  public init(
    attack: String, guess: PiecePosition?, rank: Int, candidates: Int, cracked: Bool, angle: Double? = nil
  ) {
    self.attack = attack
    self.guess = guess
    self.rank = rank
    self.candidates = candidates
    self.cracked = cracked
    self.angle = angle
  }
}

/// The self-attack's results on one captcha, in attack order.
public struct SelfAttackReport: Equatable, Sendable {
  public var verdicts: [AttackVerdict]

  public init(verdicts: [AttackVerdict]) {
    self.verdicts = verdicts
  }

  /// True when at least one attack cracks the captcha.
  public var crackedByAny: Bool { verdicts.contains { $0.cracked } }

  /// `check: edge-match rank 1 of 261 (cracked), ncc-ccoeff rank 37 of 261`
  public var summaryLine: String {
    "check: "
      + verdicts.map { v in
        "\(v.attack) rank \(v.rank) of \(v.candidates)" + (v.cracked ? " (cracked)" : "")
      }.joined(separator: ", ")
  }

  /// `{"cracked": Bool, "attacks": [{"name", "guess": {x, y} | {angle} | null, "rank", "candidates",
  /// "cracked"}, …]}`, keys in that order.
  public var json: JSONValue {
    .object([
      ("cracked", .bool(crackedByAny)),
      (
        "attacks",
        .array(
          verdicts.map { v in
            .object([
              ("name", .string(v.attack)),
              (
                "guess",
                v.angle.map { .object([("angle", .double($0))]) }
                  ?? v.guess.map { .object([("x", .int(Int64($0.x))), ("y", .int(Int64($0.y)))]) } ?? .null
              ),
              ("rank", .int(Int64(v.rank))),
              ("candidates", .int(Int64(v.candidates))),
              ("cracked", .bool(v.cracked)),
            ])
          })
      ),
    ])
  }
}

extension JSONValue {
  /// This answer's JSON with the self-attack's report appended as `check` (for `make --check
  /// --json` on stdout; answer.json on disk never carries it). Without a report, unchanged.
  public func appending(check report: SelfAttackReport?) -> JSONValue {
    guard let report, case .object(var members) = self else { return self }
    members.append(("check", report.json))
    return .object(members)
  }
}
