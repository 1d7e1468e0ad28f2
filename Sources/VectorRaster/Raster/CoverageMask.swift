/// An 8-bit coverage mask: 0 = outside, 255 = fully inside, linear in covered area.
///
/// `origin` places the mask's pixel (0, 0) at that integer pixel of the canvas. Pixel (i, j) of the
/// canvas is the unit square [i, i+1]×[j, j+1].
public struct CoverageMask: Equatable, Sendable {
  public var originX: Int
  public var originY: Int
  public var width: Int
  public var height: Int
  /// Row-major, `width * height` bytes.
  public var data: [UInt8]

  public init(originX: Int, originY: Int, width: Int, height: Int, data: [UInt8]) {
    precondition(data.count == width * height, "mask data size")
    self.originX = originX
    self.originY = originY
    self.width = width
    self.height = height
    self.data = data
  }

  /// An all-zero mask over `rect`.
  public init(zeroOver rect: PixelRect) {
    self.init(
      originX: rect.x, originY: rect.y, width: rect.width, height: rect.height,
      data: [UInt8](repeating: 0, count: rect.width * rect.height))
  }

  public var rect: PixelRect { PixelRect(x: originX, y: originY, width: width, height: height) }

  /// Coverage at canvas pixel (x, y); 0 outside the mask.
  @inlinable public func coverage(atX x: Int, y: Int) -> UInt8 {
    let lx = x - originX
    let ly = y - originY
    guard lx >= 0, ly >= 0, lx < width, ly < height else { return 0 }
    return data[ly * width + lx]
  }
}
