import CaptchaKit

/// Fuzz target: the answer.json reader. One call to the public parse entry point, so it follows
/// any change of the answer schema unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnswer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  _ = try? SlideAnswer.parse(Array(UnsafeBufferPointer(start: data, count: size)), name: "fuzz.json")
  return 0
}
