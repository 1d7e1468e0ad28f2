// swift-tools-version:6.0
import PackageDescription

// Examples that use captcha-gen the way another package does: through its library products only.
// `make examples` builds them and runs their tests (CI does too), so they keep compiling as the
// products change.
let package = Package(
  name: "captcha-gen-examples",
  dependencies: [
    .package(name: "captcha-gen", path: ".."),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
  ],
  targets: [
    // A sign-up form protected by a slide captcha, in a Hummingbird app of its own.
    .executableTarget(
      name: "SignupServer",
      dependencies: [
        .product(name: "CaptchaKit", package: "captcha-gen"),
        .product(name: "CaptchaService", package: "captcha-gen"),
        .product(name: "CaptchaServe", package: "captcha-gen"),
        .product(name: "Hummingbird", package: "hummingbird"),
      ]
    ),
    // A challenge store of one's own: it wraps another store and counts what passes through.
    .target(
      name: "AuditedStore",
      dependencies: [.product(name: "CaptchaService", package: "captcha-gen")]
    ),
    // The store contract suite, run against the store above.
    .testTarget(
      name: "AuditedStoreTests",
      dependencies: [
        "AuditedStore",
        .product(name: "CaptchaService", package: "captcha-gen"),
        .product(name: "ChallengeStoreTesting", package: "captcha-gen"),
      ]
    ),
  ]
)
