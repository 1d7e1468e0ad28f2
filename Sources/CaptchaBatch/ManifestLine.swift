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
    return ReportJSON.object([
      ("index", .int(item.index)),
      ("source", .string(item.source)),
      ("seed", .int(Int(item.seed))),
      ("target", .object([("x", .int(r.targetX)), ("y", .int(r.targetY))])),
      (
        "files",
        .object([
          ("piece", .string(dir + r.pieceFile)),
          ("background", .string(dir + r.backgroundFile)),
          ("answer", .string(dir + r.answerFile)),
        ])
      ),
      ("status", .string("made")),
    ]).compact
  }

  static func failed(_ item: BatchItem, _ error: CaptchaError) -> String {
    ReportJSON.object([
      ("index", .int(item.index)),
      ("source", .string(item.source)),
      ("seed", .int(Int(item.seed))),
      ("status", .string("failed")),
      ("error", .string(error.message)),
    ]).compact
  }
}
