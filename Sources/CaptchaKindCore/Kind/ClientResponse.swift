public import VectorRaster

/// What a client sends back, in the units of the background (or of a displayed width): each kind
/// reads the fields it understands and refuses a response meant for another kind.
public struct ClientResponse: Sendable {
  /// piece.png's top-left corner (slide).
  public var x: Double?
  public var y: Double?
  /// The width the client showed the background at; positions are scaled from it.
  public var displayWidth: Double?
  /// The drag that produced the answer, when the client sent one, judged for what no person does
  /// (slide: `TrackJudge`; rotate: `RotateTrackJudge`; pattern: `PatternTrackJudge`, and the path
  /// drawn when no `path` is given).
  public var track: DragTrack?
  /// The points a client's finger passed through, in order (pattern: `--path`).
  public var path: [Point]?
  /// The clockwise turn in degrees (rotate).
  public var angle: Double?
  /// The chosen stop, 0-based (answers made with `--steps`).
  public var step: Int?

  public init(
    x: Double? = nil, y: Double? = nil, displayWidth: Double? = nil, track: DragTrack? = nil,
    path: [Point]? = nil, angle: Double? = nil, step: Int? = nil
  ) {
    self.x = x
    self.y = y
    self.displayWidth = displayWidth
    self.track = track
    self.path = path
    self.angle = angle
    self.step = step
  }
}
