import CaptchaImaging
import CaptchaSupport
import VectorRaster

/// sin, cos, exp, log and pow from + − × ÷ only, so their results are the same bits on every
/// platform (libm's last bits differ between C libraries, and variation values feed pixels and
/// answer.json). Accurate to a few ulps over the ranges the hardening stages use.
package enum PortableMath {
  static let pi = 3.141_592_653_589_793_1
  static let ln2 = 0.693_147_180_559_945_29

  /// (sin, cos) of an angle in degrees. The angle is reduced to [−45°, 45°] by quarter turns,
  /// then Taylor series to x¹⁷ (error below 1e-16 there).
  package static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
    var d = degrees.truncatingRemainder(dividingBy: 360)
    if d < 0 { d += 360 }
    let quarter = Int((d / 90).rounded())
    let x = (d - Double(quarter) * 90) * pi / 180
    let x2 = x * x
    var s = x
    var c = 1.0
    var ts = x
    var tc = 1.0
    for n in 1...8 {
      ts *= -x2 / Double((2 * n) * (2 * n + 1))
      tc *= -x2 / Double((2 * n - 1) * (2 * n))
      s += ts
      c += tc
    }
    switch quarter % 4 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
  }

  /// e^x for |x| ≤ 700: x = k·ln2 + r with |r| ≤ ln2/2, Taylor series of e^r to r²⁰, times 2^k.
  static func exp(_ x: Double) -> Double {
    let k = (x / ln2).rounded()
    let r = x - k * ln2
    var term = 1.0
    var sum = 1.0
    for n in 1...20 {
      term *= r / Double(n)
      sum += term
    }
    return sum * scalb2(Int(k))
  }

  /// ln x for x > 0: x = m·2^k with m in [√½, √2), then ln m = 2·atanh((m−1)/(m+1)) by its series.
  static func log(_ x: Double) -> Double {
    precondition(x > 0 && x.isFinite, "log needs a positive finite value")
    var m = x
    var k = 0
    while m >= 1.414_213_562_373_095 {
      m /= 2
      k += 1
    }
    while m < 0.707_106_781_186_547_5 {
      m *= 2
      k -= 1
    }
    let t = (m - 1) / (m + 1)
    let t2 = t * t
    var term = t
    var sum = 0.0
    var n = 1.0
    while n < 60 {
      sum += term / n
      term *= t2
      n += 2
    }
    return 2 * sum + Double(k) * ln2
  }

  /// x^y for x > 0 (0^y = 0 for y > 0).
  static func pow(_ x: Double, _ y: Double) -> Double {
    if x == 0 { return 0 }
    return exp(y * log(x))
  }

  /// 2^k, exactly.
  private static func scalb2(_ k: Int) -> Double {
    var v = 1.0
    if k >= 0 {
      for _ in 0..<k { v *= 2 }
    } else {
      for _ in 0..<(-k) { v /= 2 }
    }
    return v
  }
}
