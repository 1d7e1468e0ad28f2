import CaptchaImaging
import CaptchaSupport
import VectorRaster

extension JigsawShape {
  /// The outline of `seed`'s piece with one side changed (a knob becomes a notch or flat, a notch
  /// flat, a flat side a notch: every change stays inside the piece's box), laid out with the
  /// piece's own fit to the box, so the body and the other three sides coincide with the piece's.
  /// `choice` picks among the changes the piece allows (taken modulo their number); nil for a piece
  /// with no side to change.
  func oneSideVariant(size: Double, seed: UInt64, choice: Int) -> Path? {
    let edges = Self.edges(seed: seed).map(scaled)
    var changes: [(Int, Edge)] = []
    for (side, edge) in edges.enumerated() {
      switch edge {
      case .knob(let k): changes += [(side, .notch(k)), (side, .flat)]
      case .notch: changes.append((side, .flat))
      case .flat: changes.append((side, .notch(Self.standardKnob)))
      }
    }
    guard !changes.isEmpty else { return nil }
    let (side, edge) = changes[((choice % changes.count) + changes.count) % changes.count]
    var changed = edges
    changed[side] = scaled(edge)
    let body = isPublicFamily ? Self.publicBody(edges) : familyBody(edges)
    let other = isPublicFamily ? Self.publicBody(changed) : familyBody(changed)
    guard let fit = body.fittingTransform(toBox: size) else { return nil }
    return other.transformed(by: fit)
  }

  /// A knob of the middle of `edges(seed:)`'s ranges (for a side that had none).
  static let standardKnob = Knob(
    center: 0.5, headRadius: 0.1375, headHalfHeight: 0.1375 * 0.85, neckHalfWidth: 0.1375 * 0.65,
    headHeight: 0.27 - 0.1375 * 0.85)
}
