import CaptchaKit

// `captcha-bench [suite…]`: runs the named suites, or all of them.
let suites: [(name: String, run: () -> Void)] = [
  ("raster", RasterBench.run),
  ("batch", BatchBench.run),
]
let wanted = Set(CommandLine.arguments.dropFirst())
print("captcha-bench \(CaptchaKitVersion.string)")
for suite in suites where wanted.isEmpty || wanted.contains(suite.name) {
  suite.run()
}
