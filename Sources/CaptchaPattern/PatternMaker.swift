import CaptchaImaging
import CaptchaKindCore
import CaptchaSupport
import VectorRaster

/// Makes a pattern captcha from a prepared background, in named stages: layout, icons, sequence,
/// board, hint, answer. Each stage draws from its own PRNG stream of the seed, so changing how
/// much one stage draws never moves another.
enum PatternMaker {
  enum Stream {
    static let layout: UInt64 = 0x7061_6C61  // "pala"
    static let icons: UInt64 = 0x7061_6963
    static let sequence: UInt64 = 0x7061_7371
    static let board: UInt64 = 0x7061_626F
    static let hint: UInt64 = 0x7061_6869
  }

  /// The pictures and the answer of one captcha.
  struct Made {
    var board: RGBAImage
    var hint: RGBAImage
    var answer: PatternAnswer
  }

  static func make(_ background: consuming PreparedBackground, options: PatternOptions, seed: UInt64) throws
    -> Made
  {
    var board = background.image
    let w = board.width
    let h = board.height
    guard min(w, h) >= PatternOptions.minimumSide else {
      throw OptionError(
        "\(background.source?.file ?? "built-in background"): \(w)x\(h) is too small for a pattern board; "
          + "both sides need at least \(PatternOptions.minimumSide) pixels (use \(CaptchaOption.size))")
    }
    var layoutRNG = Xoshiro256StarStar(seed: seed, stream: Stream.layout)
    let layout = PatternLayout.draw(width: w, height: h, rng: &layoutRNG)
    var iconRNG = Xoshiro256StarStar(seed: seed, stream: Stream.icons)
    let icons = PatternIconFamily.draw(layout.dots.count, rng: &iconRNG)
    var sequenceRNG = Xoshiro256StarStar(seed: seed, stream: Stream.sequence)
    let sequence = PatternSequence.draw(length: options.length, layout: layout, rng: &sequenceRNG)
    var boardRNG = Xoshiro256StarStar(seed: seed, stream: Stream.board)
    try PatternBoard.draw(icons, layout: layout, into: &board, rng: &boardRNG)
    var hintRNG = Xoshiro256StarStar(seed: seed, stream: Stream.hint)
    let hint = try PatternHint.draw(sequence.map { icons[$0] }, boardWidth: w, boardHeight: h, rng: &hintRNG)
    let answer = PatternAnswer(
      seed: seed,
      background: FileInfo(file: options.format.backgroundFileName, width: w, height: h),
      piece: FileInfo(file: CaptchaFiles.pieceFileName, width: hint.width, height: hint.height),
      dots: layout.dots.map { PatternAnswer.Dot(x: Int($0.x), y: Int($0.y)) }, sequence: sequence,
      radius: layout.radius, source: background.source, resize: background.resize,
      variation: background.variation)
    return Made(board: board, hint: hint, answer: answer)
  }

  /// The files in writing order: background, piece.png, answer.json.
  static func encode(_ made: Made, options: PatternOptions) throws -> CaptchaFiles {
    let background = try options.format.encode(made.board, quality: options.quality)
    return CaptchaFiles(files: [
      (made.answer.background.file, background),
      (made.answer.piece.file, try ImageCodec.encodePNG(made.hint, keepAlpha: false)),
      (CaptchaFiles.answerFileName, JSONWriter.bytes(made.answer.json)),
    ])
  }
}
