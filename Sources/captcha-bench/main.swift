import CaptchaKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// `captcha-bench [suite…]`: runs the named suites, or all of them.
let suites: [(name: String, run: () -> Void)] = [
  ("raster", RasterBench.run),
  ("make", MakeBench.run),
  ("batch", BatchBench.run),
  ("check", CheckBench.run),
  ("stages", StageBench.run),
]
if CommandLine.arguments.dropFirst().first == "--peak-rss" {
  exit(MakeBench.peakRSSHelper(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "--raster-exact" {
  exit(RasterExactness.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "--raster-shapes" {
  RasterBench.printShapes()
  exit(0)
}
let wanted = Set(CommandLine.arguments.dropFirst())
print("captcha-bench \(CaptchaKitVersion.string)")
for suite in suites where wanted.isEmpty || wanted.contains(suite.name) {
  suite.run()
}
