// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "captcha-gen",
  products: [
    .library(name: "CaptchaKit", targets: ["CaptchaKit"]),
    .executable(name: "captcha-gen", targets: ["captcha-gen"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    // C shim over libpng and libjpeg-turbo; owns every setjmp/longjmp.
    .target(
      name: "CCodecs",
      linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg"), .linkedLibrary("z")]
    ),
    // All product logic: geometry, rasteriser, imaging, captcha pipeline. No CLI parsing.
    .target(
      name: "CaptchaKit",
      dependencies: ["CCodecs"]
    ),
    // Thin command-line front end.
    .executableTarget(
      name: "captcha-gen",
      dependencies: [
        "CaptchaKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // Benchmarks (`make bench`); prints medians, not a test.
    .executableTarget(
      name: "captcha-bench",
      dependencies: ["CaptchaKit"]
    ),
    .testTarget(
      name: "CaptchaKitTests",
      dependencies: ["CaptchaKit"]
    ),
    .testTarget(
      name: "CLITests",
      dependencies: ["CaptchaKit"]
    ),
  ],
  swiftLanguageModes: [.v5]
)
