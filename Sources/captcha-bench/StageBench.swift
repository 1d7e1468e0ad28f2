import CaptchaKit

/// `stages` benchmark: the default look's heavy stages alone, in process, on a 12 MP picture (the
/// `make` case of docs/performance.md): the background variation (an in-place turn and the tone) and the
/// textured hole of a 1125-pixel piece, each on one thread and on two, median wall time of a few
/// runs. The pictures are the same for any thread count; only the time is printed.
enum StageBench {
  static let width = 4000
  static let height = 3000
  static let samples = 5

  static func run() {
    print("stages (12 MP, default look's variation and hole; median of \(samples) runs)")
    let options = SlideOptions(difficulty: .normal)
    let picture = ProceduralBackground.make(width: width, height: height, seed: 3)
    let seed: UInt64 = 7
    let box = PixelRect(x: 1575, y: 1235, width: 1125, height: 1125)
    let weight =
      (try? options.shape.path(size: Double(box.width), seed: 1).fill(
        rule: options.shape.fillRule, clip: box, transform: .translation(Double(box.x), Double(box.y)),
        tolerance: SlideMaker.flatteningTolerance)) ?? CoverageMask(zeroOver: box)
    for threads in [1, 2] {
      let variation = medianTime(copying: picture) { image in
        _ = options.variation.apply(to: &image, size: nil, fit: .cover, seed: seed, threads: threads)
      }
      let hole = medianTime(copying: picture) { image in
        options.holeStyle.render(into: &image, weight: weight, seed: seed, threads: threads)
      }
      print(
        "  threads \(threads): variation (turn + tone) \(MakeBench.ms(variation)), textured hole \(MakeBench.ms(hole))"
      )
    }
  }

  /// The median wall time of `body` over `samples` runs, each on a fresh copy of `picture` (made
  /// before the clock starts).
  static func medianTime(copying picture: RGBAImage, _ body: (inout RGBAImage) -> Void) -> Double {
    MakeBench.median(
      (0..<samples).map { _ in
        var image = picture
        image.pixels[0] = picture.pixels[0]
        return (try? MakeBench.time { body(&image) }) ?? .nan
      })
  }
}
