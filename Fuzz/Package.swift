// swift-tools-version:6.0
// libFuzzer targets for captcha-gen, kept out of the main package so its `swift build` and
// `swift test` never build them. Built and run by `make fuzz` (swift build -sanitize=fuzzer).
import PackageDescription

/// One fuzz target: an executable whose entry point is LLVMFuzzerTestOneInput (libFuzzer
/// supplies main).
func fuzzTarget(_ name: String) -> Target {
  .executableTarget(
    name: name,
    dependencies: [.product(name: "CaptchaKit", package: "captcha-gen")],
    swiftSettings: [.unsafeFlags(["-parse-as-library"])]
  )
}

let package = Package(
  name: "captcha-fuzz",
  dependencies: [.package(name: "captcha-gen", path: "..")],
  targets: ["fuzz-svg-raster", "fuzz-png", "fuzz-png-encode", "fuzz-jpeg", "fuzz-webp", "fuzz-answer"].map(fuzzTarget),
  swiftLanguageModes: [.v5]
)
