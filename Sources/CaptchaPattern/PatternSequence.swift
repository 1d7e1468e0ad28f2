import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// The secret order: `length` distinct dots, each step drawn uniformly among the unvisited dots
/// that a straight line from the current dot reaches without crossing another unvisited dot (with
/// a margin, so a person drawing slightly off the line does not clip it). The first dot is uniform
/// over all nine; nothing favours left to right or top to bottom.
enum PatternSequence {
  /// How much wider than the snap radius a step's line must stay clear of unvisited dots.
  static let clearance = 1.3

  static func draw(length: Int, layout: PatternLayout, rng: inout Xoshiro256StarStar) -> [Int] {
    let clear = PatternPathResolver(
      dots: layout.dots, radius: Double(layout.radius) * clearance)
    let count = layout.dots.count
    while true {
      var seq = [Int(rng.next(below: UInt64(count)))]
      while seq.count < length {
        let last = seq[seq.count - 1]
        let options = (0..<count).filter { next in
          !seq.contains(next) && clear.passedOver(from: last, to: next).allSatisfy { seq.contains($0) }
        }
        guard !options.isEmpty else { break }
        seq.append(options[Int(rng.next(below: UInt64(options.count)))])
      }
      if seq.count == length { return seq }
    }
  }
}
