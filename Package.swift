// swift-tools-version:6.0
import PackageDescription

// Layers, each a target; dependencies point down only (docs/ARCHITECTURE.md draws the graph):
//   VectorRaster, CaptchaSupport (CSHA256), CCodecs  →  CaptchaImaging  →  CaptchaKindCore
//   →  CaptchaHoles  →  CaptchaSlide; CaptchaRotate, CaptchaPattern (kinds)  →  CaptchaPreview  →  CaptchaKinds (umbrella)
//   →  CaptchaCheck, CaptchaBatch, CaptchaCompare  →  CaptchaKit (umbrella)  →  CaptchaArguments  →  captcha-gen
//   CaptchaKit  →  captcha-bench
//   CaptchaSupport, CProofOfWork (CSHA256)  →  CaptchaProofOfWork
//   CaptchaKit, CaptchaProofOfWork  →  CaptchaService  →  CaptchaServe (Hummingbird), CaptchaStorePostgres (postgres-nio)
//   CaptchaArguments, CaptchaServe, CaptchaStorePostgres  →  captcha-gen-serve
// captcha-gen never links the serve layers (they load full Foundation and ICU): `captcha-gen serve`
// execs the captcha-gen-serve binary next to it.
// The kinds' targets, which tests of the layers above import `@testable` to reach their internals.
let kindLayers: [Target.Dependency] = [
  "CaptchaKindCore", "CaptchaHoles", "CaptchaSlide", "CaptchaRotate", "CaptchaPattern", "CaptchaPreview",
]

// The compiler checks each file of these targets: every existential spelled `any`, members only
// from modules the file imports, and imports internal unless marked `public import`.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "captcha-gen",
  // What users import (README, docs/library.md): the captcha library, the challenge service without
  // HTTP, serve's Hummingbird routes, the PostgreSQL store, and the store contract suite for a store
  // of their own (as HummingbirdTesting is for Hummingbird apps).
  products: [
    // A library lists the targets it re-exports too, so that the API-breakage check compares
    // their declarations (it reads only the modules a product names).
    .library(
      name: "CaptchaKit",
      targets: [
        "CaptchaKit", "CaptchaBatch", "CaptchaCheck", "CaptchaCompare", "CaptchaImaging",
        "CaptchaKinds", "CaptchaHoles", "CaptchaKindCore", "CaptchaPattern", "CaptchaPreview",
        "CaptchaRotate", "CaptchaSlide", "CaptchaSupport", "VectorRaster",
      ]),
    .library(name: "CaptchaService", targets: ["CaptchaService", "CaptchaProofOfWork"]),
    .library(name: "CaptchaServe", targets: ["CaptchaServe"]),
    .library(name: "CaptchaStorePostgres", targets: ["CaptchaStorePostgres"]),
    .library(name: "ChallengeStoreTesting", targets: ["ChallengeStoreTesting"]),
    .executable(name: "captcha-gen", targets: ["captcha-gen"]),
    .executable(name: "captcha-gen-serve", targets: ["captcha-gen-serve"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
  ],
  targets: [
    // Paths in, coverage masks out: geometry, SVG path data, flattening, the scanline rasteriser.
    .target(name: "VectorRaster"),
    // SHA-256's block function in C: the x86 SHA extensions when the processor has them.
    .target(name: "CSHA256"),
    // Errors with sysexits kinds, the project's PRNG, SHA-256, atomic files, the JSON writer.
    .target(name: "CaptchaSupport", dependencies: ["CSHA256"]),
    // The proof of work's arithmetic in C: scrypt (RFC 7914), the table, the walk, a solution's check.
    .target(name: "CProofOfWork", dependencies: ["CSHA256"]),
    // The proof of work: puzzles per level, solutions, the shared table (docs/proof-of-work.md).
    .target(name: "CaptchaProofOfWork", dependencies: ["CaptchaSupport", "CProofOfWork"]),
    // C shim over libpng, libjpeg-turbo and libwebp; owns every setjmp/longjmp.
    .target(
      name: "CCodecs",
      linkerSettings: [
        .linkedLibrary("png"), .linkedLibrary("jpeg"), .linkedLibrary("webp"), .linkedLibrary("deflate"),
        .linkedLibrary("z"),
      ]
    ),
    // Pictures: RGBA images, decode/encode, resize, the procedural background, masks as images.
    .target(name: "CaptchaImaging", dependencies: ["VectorRaster", "CaptchaSupport", "CCodecs"]),
    // Captcha kinds behind one seam, a target per layer (docs/ARCHITECTURE.md "The kinds' targets"):
    // the seam and what every kind shares (errors, steps, shapes, the background's variation, the
    // kind interface and answer.json records), …
    .target(name: "CaptchaKindCore", dependencies: ["CaptchaImaging"], swiftSettings: strictSettings),
    // … the slide's hole looks, …
    .target(name: "CaptchaHoles", dependencies: ["CaptchaKindCore"], swiftSettings: strictSettings),
    // … one target per kind, none using another, …
    .target(
      name: "CaptchaSlide", dependencies: ["CaptchaKindCore", "CaptchaHoles"], swiftSettings: strictSettings),
    .target(name: "CaptchaRotate", dependencies: ["CaptchaKindCore"], swiftSettings: strictSettings),
    .target(name: "CaptchaPattern", dependencies: ["CaptchaKindCore"], swiftSettings: strictSettings),
    // … the pictures of looks (`shapes --preview`, contact sheets), …
    .target(
      name: "CaptchaPreview", dependencies: ["CaptchaSlide", "CaptchaRotate", "CaptchaPattern"],
      swiftSettings: strictSettings),
    // … and every kind under one name for the layers above.
    .target(name: "CaptchaKinds", dependencies: ["CaptchaPreview"]),
    // The built-in self-attack behind --check (sees only what a client sees).
    .target(name: "CaptchaCheck", dependencies: ["CaptchaKinds"]),
    // Many captchas: item derivation, shards, the parallel engine, the manifest, resume.
    .target(name: "CaptchaBatch", dependencies: ["CaptchaKinds"]),
    // Decoded-pixel comparison behind `compare` and the golden tests.
    .target(name: "CaptchaCompare", dependencies: ["CaptchaImaging"]),
    // The library users import: every layer re-exported, plus what composes them (batch --check).
    .target(
      name: "CaptchaKit",
      dependencies: ["CaptchaCheck", "CaptchaBatch", "CaptchaCompare"]
    ),
    // Challenges as a service, without HTTP: issue from a pool, store, verify once, sweep, count.
    // What a user's own Hummingbird or Vapor app embeds (docs/library.md).
    .target(
      name: "CaptchaService",
      dependencies: ["CaptchaKit", "CaptchaProofOfWork", .product(name: "Logging", package: "swift-log")]
    ),
    // The HTTP server behind `captcha-gen serve`: routes, JSON errors, client addresses, assets, demo page.
    .target(
      name: "CaptchaServe",
      dependencies: [
        "CaptchaService",
        "CaptchaProofOfWork",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      // Compiled into the binary (PackageResources), so serve needs no folder beside it (the
      // container image holds the binaries alone). A new file here needs its own line.
      resources: [
        .embedInCode("Resources/openapi.json"), .embedInCode("Resources/demo.html"),
        .embedInCode("Resources/pow-worker.js"), .embedInCode("Resources/widget/strings.js"),
        .embedInCode("Resources/widget/core.js"),
        .embedInCode("Resources/widget/input.js"), .embedInCode("Resources/widget/slide.js"),
        .embedInCode("Resources/widget/rotate.js"), .embedInCode("Resources/widget/pattern.js"),
        .embedInCode("Resources/widget/token.js"), .embedInCode("Resources/widget/pow.js"),
        .embedInCode("Resources/widget/no-puzzle.js"), .embedInCode("Resources/widget/states.js"),
        .embedInCode("Resources/widget/mount.js"), .embedInCode("Resources/dropin.js"),
      ]
    ),
    // The PostgreSQL ChallengeStore (`--store postgres://…`): challenges shared by several instances,
    // single use atomic in the database. postgres-nio's PostgresClient is the connection pool.
    .target(
      name: "CaptchaStorePostgres",
      dependencies: [
        "CaptchaService", "CaptchaProofOfWork", .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    // The command-line arguments both executables share: the captcha option groups, `--kind`,
    // typed and structured option values, error reporting. No serve code, no full Foundation.
    .target(
      name: "CaptchaArguments",
      dependencies: ["CaptchaKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    // Thin command-line front end; `serve` execs captcha-gen-serve (kept lean: no HTTP, no Foundation).
    .executableTarget(
      name: "captcha-gen",
      dependencies: [
        "CaptchaKit",
        "CaptchaArguments",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      // A static executable (Linux): the Swift runtime, libstdc++, libpng, libjpeg, libwebp, zlib and the C
      // library linked in. No dynamic linker runs, so a process starts in 3.8 ms instead of 5.6
      // (docs/decisions/0002-static-executable.md), and the binary runs where neither the Swift toolchain nor
      // the codec libraries are installed. The linker warns that glibc's user lookups (getpwuid,
      // reached through FoundationEssentials' home folder) would need the same glibc at run time;
      // captcha-gen never asks for a home folder. _FoundationCShims and _FoundationCollections are
      // what FoundationEssentials' static library needs beside it.
      linkerSettings: [
        .unsafeFlags(["-static-executable"], .when(platforms: [.linux])),
        .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
        .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
      ]
    ),
    // `captcha-gen serve` as a binary of its own: the HTTP server and its stores. A static
    // executable too (Linux), with full Foundation and ICU linked in, so the container image
    // (tools/image, FROM scratch) needs no library beside it.
    .executableTarget(
      name: "captcha-gen-serve",
      dependencies: [
        "CaptchaArguments",
        "CaptchaProofOfWork",
        "CaptchaServe",
        "CaptchaStorePostgres",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      linkerSettings: [
        .unsafeFlags(["-static-executable"], .when(platforms: [.linux])),
        .linkedLibrary("CoreFoundation", .when(platforms: [.linux])),
        .linkedLibrary("FoundationInternationalization", .when(platforms: [.linux])),
        .linkedLibrary("_FoundationICU", .when(platforms: [.linux])),
        .linkedLibrary("_FoundationCShims", .when(platforms: [.linux])),
        .linkedLibrary("_FoundationCollections", .when(platforms: [.linux])),
        .linkedLibrary("stdc++", .when(platforms: [.linux])),
      ]
    ),
    // Benchmarks (`make bench`); prints medians, not a test.
    .executableTarget(name: "captcha-bench", dependencies: ["CaptchaKit", "RasterReference"]),
    // The rasteriser's exact reference and crossing corpus (benchmarks and tests); never shipped.
    .target(name: "RasterReference", dependencies: ["VectorRaster", "CaptchaSupport"]),
    // Helpers shared by the test targets (temporary folders, fixture paths); never shipped.
    .target(name: "CaptchaTestSupport", path: "Tests/CaptchaTestSupport"),
    .testTarget(
      name: "VectorRasterTests", dependencies: ["VectorRaster", "CaptchaSupport", "RasterReference"]),
    .testTarget(
      name: "CaptchaSupportTests", dependencies: ["CaptchaSupport", "CSHA256", "CaptchaTestSupport"]),
    .testTarget(name: "CaptchaImagingTests", dependencies: ["CaptchaImaging"]),
    .testTarget(name: "CaptchaProofOfWorkTests", dependencies: ["CaptchaProofOfWork", "CaptchaSupport"]),
    .testTarget(
      name: "CaptchaKindsTests",
      dependencies: ["CaptchaKinds", "CaptchaTestSupport"] + kindLayers),
    .testTarget(name: "CaptchaCheckTests", dependencies: ["CaptchaCheck"] + kindLayers),
    .testTarget(name: "CaptchaBatchTests", dependencies: ["CaptchaBatch"] + kindLayers),
    .testTarget(name: "CaptchaCompareTests", dependencies: ["CaptchaCompare"]),
    .testTarget(name: "CLITests", dependencies: ["CaptchaKit"]),
    .testTarget(
      name: "CaptchaArgumentsTests",
      dependencies: [
        "CaptchaArguments", "CaptchaKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The ChallengeStore contract as XCTest assertions, run against every store (ours in the tests,
    // a user's own store in theirs).
    .target(name: "ChallengeStoreTesting", dependencies: ["CaptchaService"]),
    .testTarget(
      name: "CaptchaServiceTests",
      dependencies: ["CaptchaService", "CaptchaProofOfWork", "ChallengeStoreTesting"]),
    .testTarget(
      name: "CaptchaStorePostgresTests",
      dependencies: [
        "CaptchaStorePostgres", "CaptchaProofOfWork", "ChallengeStoreTesting",
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    .testTarget(
      name: "CaptchaServeTests",
      dependencies: [
        "CaptchaServe",
        "CaptchaProofOfWork",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]
    ),
  ],
  swiftLanguageModes: [.v5]
)
