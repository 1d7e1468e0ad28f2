/// A size in whole pixels (`--size WxH` on the command line).
public struct PixelSize: Equatable, Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}
