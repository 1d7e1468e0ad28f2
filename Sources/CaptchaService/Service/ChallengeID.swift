/// Challenge ids: 128 bits from the system's secure random source, as 32 lowercase hex digits.
public enum ChallengeID {
  /// A fresh id.
  public static func make() -> String {
    var random = SystemRandomNumberGenerator()
    let words = [random.next(), random.next()] as [UInt64]
    return words.map { word in
      let hex = String(word, radix: 16)
      return String(repeating: "0", count: 16 - hex.count) + hex
    }.joined()
  }

  /// Whether `text` has the form of an id (32 lowercase hex digits).
  public static func isWellFormed(_ text: String) -> Bool {
    text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
