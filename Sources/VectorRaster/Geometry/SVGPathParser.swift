/// Parses SVG path data (the `d` attribute) into a `Path`.
///
/// Supports every command of SVG 2 — M m L l H h V v C c S s Q q T t A a Z z — with implicit
/// repeated commands (after a move they repeat as lines), compact numbers (`1.5.5`, `-.5-.5`,
/// `1e-3`, `M0,0L10-5`), arc flags without separators (`a1 1 0 0110 10`), the smooth-curve
/// reflection rules and relative commands after `Z` starting from the closed subpath's start.
/// Arcs become cubics (`Path.arc(to:…)`); after `Z`, a drawing command that is not a move gets an
/// explicit move to the subpath start, so every contour of the result begins with a move.
public enum SVGPathParser {
  /// Parses `d`. An empty (or all-whitespace) string gives an empty path.
  ///
  /// - Throws: `PathError(.invalidData)` naming the byte offset (in UTF-8) and what was expected,
  ///   for data that does not start with M/m, an unknown character, a missing number or arc flag,
  ///   a malformed exponent, or a number that is not finite in `Double` (such as `1e999`).
  public static func parse(_ d: String) throws -> Path {
    var text = d
    return try text.withUTF8 { bytes in
      var parser = SVGPathScanner(bytes: bytes)
      return Path(elements: try parser.parseAll())
    }
  }
}

/// The byte-level state machine behind `SVGPathParser`.
private struct SVGPathScanner {
  let b: UnsafeBufferPointer<UInt8>
  var i = 0
  var out: [Path.Element] = []
  /// The pen position.
  var current = Point.zero
  /// Start of the current subpath (where `Z` returns to).
  var start = Point.zero
  /// The last element was a `close`: the next drawing command first moves to `start`.
  var afterClose = false
  /// Second control point of the previous command if it was C/c/S/s.
  var lastCubicControl: Point? = nil
  /// Control point of the previous command if it was Q/q/T/t.
  var lastQuadControl: Point? = nil

  init(bytes: UnsafeBufferPointer<UInt8>) {
    b = bytes
  }

  // MARK: Commands

  mutating func parseAll() throws -> [Path.Element] {
    skipWhitespace()
    if i == b.count { return [] }
    if b[i] != UInt8(ascii: "M") && b[i] != UInt8(ascii: "m") {
      throw error(at: i, "expected a move command (M or m) at the start, found \(describe(at: i))")
    }
    out.reserveCapacity(b.count / 6 + 4)
    while true {
      skipWhitespace()
      if i == b.count { break }
      let command = b[i]
      guard Self.isCommand(command) else {
        throw error(at: i, "expected a command letter, found \(describe(at: i))")
      }
      i += 1
      try run(command)
    }
    return out
  }

  /// Runs one command letter with all its (possibly repeated) argument sets.
  mutating func run(_ command: UInt8) throws {
    let upper = command & ~0x20  // ASCII upper case
    let relative = command != upper
    if upper == UInt8(ascii: "Z") {
      if !afterClose {
        out.append(.close)
        afterClose = true
      }
      current = start
      lastCubicControl = nil
      lastQuadControl = nil
      return
    }
    skipWhitespace()
    var first = true
    repeat {
      try runOnce(upper, relative: relative, isFirstSet: first, name: command)
      first = false
    } while try hasAnotherArgumentSet(name: command)
  }

  /// One argument set of command `upper` (an upper-case letter).
  mutating func runOnce(_ upper: UInt8, relative: Bool, isFirstSet: Bool, name: UInt8) throws {
    let base = relative ? current : Point.zero
    var cubicControl: Point? = nil
    var quadControl: Point? = nil
    switch upper {
    case UInt8(ascii: "M"):
      let p = try point(name, first: true) + base
      if isFirstSet {
        out.append(.move(p))
        start = p
        afterClose = false
      } else {
        drawing()
        out.append(.line(p))
      }
      current = p
    case UInt8(ascii: "L"):
      let p = try point(name, first: true) + base
      drawing()
      out.append(.line(p))
      current = p
    case UInt8(ascii: "H"):
      let x = try number(name, first: true) + base.x
      drawing()
      current = Point(x, current.y)
      out.append(.line(current))
    case UInt8(ascii: "V"):
      let y = try number(name, first: true) + base.y
      drawing()
      current = Point(current.x, y)
      out.append(.line(current))
    case UInt8(ascii: "C"):
      let c1 = try point(name, first: true) + base
      let c2 = try point(name) + base
      let p = try point(name) + base
      drawing()
      out.append(.cubic(c1, c2, p))
      cubicControl = c2
      current = p
    case UInt8(ascii: "S"):
      let c2 = try point(name, first: true) + base
      let p = try point(name) + base
      let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
      drawing()
      out.append(.cubic(c1, c2, p))
      cubicControl = c2
      current = p
    case UInt8(ascii: "Q"):
      let c = try point(name, first: true) + base
      let p = try point(name) + base
      drawing()
      out.append(.quad(c, p))
      quadControl = c
      current = p
    case UInt8(ascii: "T"):
      let p = try point(name, first: true) + base
      let c = lastQuadControl.map { current * 2 - $0 } ?? current
      drawing()
      out.append(.quad(c, p))
      quadControl = c
      current = p
    case UInt8(ascii: "A"):
      let rx = try number(name, first: true)
      let ry = try number(name)
      let rotation = try number(name)
      let largeArc = try flag(name)
      let sweep = try flag(name)
      let p = try point(name) + base
      drawing()
      ArcConversion.append(
        from: current, to: p, radiusX: rx, radiusY: ry, xAxisRotation: rotation,
        largeArc: largeArc, sweep: sweep, into: &out)
      current = p
    default:
      preconditionFailure("not a command letter")
    }
    lastCubicControl = cubicControl
    lastQuadControl = quadControl
  }

  /// Before a drawing element: after `Z`, the new subpath starts with a move to `start`.
  mutating func drawing() {
    if afterClose {
      out.append(.move(start))
      afterClose = false
    }
  }

  // MARK: Tokens

  static func isCommand(_ c: UInt8) -> Bool {
    switch c | 0x20 {  // ASCII lower case
    case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
      UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"),
      UInt8(ascii: "a"), UInt8(ascii: "z"):
      return true
    default:
      return false
    }
  }

  @inline(__always) static func isWhitespace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D || c == 0x0C
  }

  @inline(__always) static func isDigit(_ c: UInt8) -> Bool {
    c &- UInt8(ascii: "0") < 10
  }

  @inline(__always) mutating func skipWhitespace() {
    while i < b.count && Self.isWhitespace(b[i]) { i += 1 }
  }

  /// Skips whitespace, at most one comma, and whitespace; returns whether a comma was skipped.
  @inline(__always) mutating func skipSeparator() -> Bool {
    skipWhitespace()
    guard i < b.count, b[i] == UInt8(ascii: ",") else { return false }
    i += 1
    skipWhitespace()
    return true
  }

  /// After an argument set: true when another set follows (the command repeats).
  mutating func hasAnotherArgumentSet(name: UInt8) throws -> Bool {
    let comma = skipSeparator()
    if i < b.count {
      let c = b[i]
      if Self.isDigit(c) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
        || c == UInt8(ascii: "+")
      {
        return true
      }
    }
    if comma {
      throw error(at: i, "expected a number after ',' in '\(Character(Unicode.Scalar(name)))'")
    }
    return false
  }

  mutating func point(_ name: UInt8, first: Bool = false) throws -> Point {
    let x = try number(name, first: first)
    let y = try number(name)
    return Point(x, y)
  }

  /// Reads one number; unless it is the first argument of a set, a separator may precede it.
  mutating func number(_ name: UInt8, first: Bool = false) throws -> Double {
    if !first { _ = skipSeparator() }
    let begin = i
    var j = i
    let n = b.count
    var negative = false
    if j < n && (b[j] == UInt8(ascii: "-") || b[j] == UInt8(ascii: "+")) {
      negative = b[j] == UInt8(ascii: "-")
      j += 1
    }
    // Mantissa as an integer while it stays exact, with a decimal exponent.
    var mantissa: UInt64 = 0
    var exponent = 0
    var sawDigit = false
    var exact = true
    let limit: UInt64 = 1 << 53
    while j < n && Self.isDigit(b[j]) {
      sawDigit = true
      let d = UInt64(b[j] &- UInt8(ascii: "0"))
      if mantissa < limit / 10 { mantissa = mantissa * 10 + d } else { exact = false }
      j += 1
    }
    if j < n && b[j] == UInt8(ascii: ".") {
      j += 1
      while j < n && Self.isDigit(b[j]) {
        sawDigit = true
        let d = UInt64(b[j] &- UInt8(ascii: "0"))
        if mantissa < limit / 10 {
          mantissa = mantissa * 10 + d
          exponent -= 1
        } else if d != 0 {
          exact = false
        }
        j += 1
      }
    }
    guard sawDigit else {
      throw error(at: begin, "expected a number after '\(Character(Unicode.Scalar(name)))'")
    }
    if j < n && (b[j] == UInt8(ascii: "e") || b[j] == UInt8(ascii: "E")) {
      j += 1
      var expNegative = false
      if j < n && (b[j] == UInt8(ascii: "-") || b[j] == UInt8(ascii: "+")) {
        expNegative = b[j] == UInt8(ascii: "-")
        j += 1
      }
      guard j < n && Self.isDigit(b[j]) else {
        throw error(at: j, "expected the digits of an exponent")
      }
      var e = 0
      while j < n && Self.isDigit(b[j]) {
        if e < 100_000 { e = e * 10 + Int(b[j] &- UInt8(ascii: "0")) }
        j += 1
      }
      exponent += expNegative ? -e : e
    }
    i = j
    var value: Double
    if exact && abs(exponent) <= 22 {
      // Clinger's fast path: both factors are exact doubles, so one rounding.
      value = Double(mantissa)
      value = exponent < 0 ? value / Self.powersOf10[-exponent] : value * Self.powersOf10[exponent]
      if negative { value = -value }
    } else {
      let text = String(decoding: UnsafeBufferPointer(rebasing: b[begin..<j]), as: UTF8.self)
      guard let v = Double(text), v.isFinite else {
        let shown = text.utf8.count <= 32 ? text : String(text.prefix(24)) + "…"
        throw error(at: begin, "number '\(shown)' is out of range")
      }
      value = v
    }
    return value
  }

  static let powersOf10: [Double] = (0...22).map { e in
    var p = 1.0
    for _ in 0..<e { p *= 10 }
    return p
  }

  /// Reads an arc flag: exactly one `0` or `1`, after an optional separator.
  mutating func flag(_ name: UInt8) throws -> Bool {
    _ = skipSeparator()
    guard i < b.count, b[i] == UInt8(ascii: "0") || b[i] == UInt8(ascii: "1") else {
      throw error(at: i, "expected a flag (0 or 1) after '\(Character(Unicode.Scalar(name)))'")
    }
    i += 1
    return b[i - 1] == UInt8(ascii: "1")
  }

  // MARK: Errors

  func error(at offset: Int, _ what: String) -> PathError {
    PathError(.invalidData, "invalid SVG path data at offset \(offset): \(what)")
  }

  /// The character at `offset` for a message: `'x'`, a code point, or "the end".
  func describe(at offset: Int) -> String {
    guard offset < b.count else { return "the end" }
    let c = b[offset]
    if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
    let tail = UnsafeBufferPointer(rebasing: b[offset..<Swift.min(b.count, offset + 4)])
    let scalar = String(decoding: tail, as: UTF8.self).unicodeScalars.first!
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
  }
}
