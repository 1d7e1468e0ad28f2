/// What the widget says about an answer beside it (a verify body's `client` object): which attempt
/// it is on this page (1: the first), when the pictures came on screen and how long the person took
/// from then (milliseconds), how long the proof of work took, and whether the browser is driven by
/// automation (`navigator.webdriver`). Counted in the analytics only; it never changes a verdict.
public struct ClientReport: Sendable, Equatable {
  public var attempt: Int?
  public var shownMs: Double?
  public var solveMs: Double?
  public var powMs: Double?
  public var webdriver: Bool

  public init(
    attempt: Int? = nil, shownMs: Double? = nil, solveMs: Double? = nil, powMs: Double? = nil,
    webdriver: Bool = false
  ) {
    self.attempt = attempt
    self.shownMs = shownMs
    self.solveMs = solveMs
    self.powMs = powMs
    self.webdriver = webdriver
  }

  /// Whether this answer is the page's first attempt (a client that does not say counts as first:
  /// each challenge is answered once).
  public var isFirstAttempt: Bool { (attempt ?? 1) <= 1 }
}
