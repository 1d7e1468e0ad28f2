import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

/// The lines of `manifest.jsonl`: one compact JSON object per item, in index order.
///
/// Made (or, with `--resume`, already complete) items:
/// `{"index":3,"source":"beach.jpg","seed":123,"target":{"x":197,"y":51},`
/// `"files":{"piece":"000003/piece.png","background":"000003/background.png","answer":"000003/answer.json"},`
/// `"status":"made"}`
///
/// Failed items: `{"index":4,"source":"broken.png","seed":456,"status":"failed","error":"…"}`.
/// Paths are relative to the output folder, so the manifest does not depend on where it ran.
enum ManifestLine {
  static func made(_ item: BatchItem, _ r: BatchItemRecord) -> String {
    let dir = item.folderName + "/"
    return JSONWriter.text(
      .object(
        [
          ("index", .int(Int64(item.index))),
          ("source", .string(item.source)),
          ("seed", .uint(item.seed)),
        ] + r.fields + [
          (
            "files",
            .object([
              ("piece", .string(dir + r.pieceFile)),
              ("background", .string(dir + r.backgroundFile)),
              ("answer", .string(dir + r.answerFile)),
            ])
          ),
          ("status", .string("made")),
        ]), layout: .compact)
  }

  static func failed(_ item: BatchItem, _ error: CaptchaError) -> String {
    JSONWriter.text(
      .object([
        ("index", .int(Int64(item.index))),
        ("source", .string(item.source)),
        ("seed", .uint(item.seed)),
        ("status", .string("failed")),
        ("error", .string(error.message)),
      ]), layout: .compact)
  }
}
