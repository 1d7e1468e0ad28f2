extension CrossingDetector {
  /// Flags the first cell of every row where two or more edges left of the mask step the
  /// winding on the mask's left side (`EdgeClipper.leftPieces`).
  ///
  /// Why: left of the mask, edges are folded onto its left side, so where two of them end or
  /// cross out there, no chain inside the mask shows it; yet within one pixel of the first
  /// column the left side's winding can then take three values (a spike out of the mask and
  /// back, crossing edges), which the folded area cannot hold. One step per row cannot: it
  /// belongs to an edge whose part inside the mask is a chain the detector already compares.
  mutating func flagLeftSide(_ pieces: [LeftPiece]) {
    guard pieces.count >= 2, width > 0 else { return }
    let rows = pieces.map(\.row).sorted()
    for i in 1..<rows.count where rows[i] == rows[i - 1] {
      flag(rows[i], cells: 0, 0)
    }
  }
}
