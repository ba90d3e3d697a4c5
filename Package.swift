// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "flowrun",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "FlowModel", targets: ["FlowModel"]),
        .library(name: "FlowLoader", targets: ["FlowLoader"]),
        .library(name: "FlowChecker", targets: ["FlowChecker"]),
        .library(name: "FlowReporting", targets: ["FlowReporting"]),
        .library(name: "FlowEngine", targets: ["FlowEngine"]),
        .library(name: "NativeAuth", targets: ["NativeAuth"]),
        .library(name: "NativeAuthEmulator", targets: ["NativeAuthEmulator"]),
        .library(name: "NativeAuthHTTP", targets: ["NativeAuthHTTP"]),
        .library(name: "NativeAuthServer", targets: ["NativeAuthServer"]),
        .library(name: "FlowTesting", targets: ["FlowTesting"]),
        .executable(name: "flowrun", targets: ["flowrun"]),
        .executable(name: "flowrun-bench", targets: ["flowrun-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(name: "FlowModel"),
        .target(name: "FlowLoader", dependencies: ["FlowModel", .product(name: "Yams", package: "Yams")]),
        .target(name: "FlowChecker", dependencies: ["FlowModel"]),
        .target(name: "FlowReporting", dependencies: ["FlowModel"]),
        .target(name: "FlowEngine", dependencies: ["FlowModel"]),
        .target(name: "NativeAuth", dependencies: ["FlowEngine", "FlowModel"]),
        .target(
            name: "NativeAuthEmulator",
            dependencies: [
                "NativeAuth", "FlowEngine",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "NativeAuthHTTP",
            dependencies: [
                "NativeAuth", "FlowEngine",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "NativeAuthServer",
            dependencies: [
                "NativeAuthEmulator", "NativeAuth", "FlowEngine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .target(
            name: "FlowTesting",
            dependencies: [
                "FlowModel", "FlowLoader", "FlowChecker", "FlowReporting", "FlowEngine", "NativeAuth",
                "NativeAuthEmulator",
            ]
        ),
        .executableTarget(
            name: "flowrun",
            dependencies: [
                "FlowModel", "FlowLoader", "FlowChecker", "FlowReporting", "FlowEngine", "NativeAuth",
                "NativeAuthEmulator", "NativeAuthHTTP", "NativeAuthServer", "FlowTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "flowrun-bench",
            dependencies: [
                "FlowModel", "FlowLoader", "FlowChecker", "FlowEngine", "NativeAuth", "NativeAuthEmulator",
                "NativeAuthHTTP", "NativeAuthServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/FlowrunBench"
        ),
        .testTarget(
            name: "FlowLoaderTests", dependencies: ["FlowLoader", "FlowChecker", "FlowModel"],
            exclude: ["HostileCorpus"]),
        .testTarget(name: "FlowCheckerTests", dependencies: ["FlowChecker", "FlowLoader", "FlowModel"]),
        .testTarget(name: "FlowReportingTests", dependencies: ["FlowReporting", "FlowModel"]),
        .testTarget(
            name: "FlowTestingTests",
            dependencies: ["FlowTesting", "FlowEngine", "FlowLoader", "FlowModel", "NativeAuthEmulator"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "FlowrunCLITests", dependencies: []),
        .testTarget(name: "FlowSchemaTests"),
        .testTarget(name: "FlowEngineTests", dependencies: ["FlowEngine", "FlowChecker", "FlowLoader", "FlowModel"]),
        .testTarget(
            name: "NativeAuthTests", dependencies: ["NativeAuth", "NativeAuthEmulator", "FlowEngine", "FlowLoader"]),
        .testTarget(
            name: "NativeAuthHTTPTests",
            dependencies: [
                "NativeAuthHTTP", "NativeAuth", "FlowEngine", "FlowLoader", "NativeAuthServer",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .target(
            name: "EmulatorTestSupport", dependencies: ["NativeAuthEmulator"], path: "Tests/EmulatorTestSupport"),
        .testTarget(
            name: "NativeAuthServerTests",
            dependencies: [
                "EmulatorTestSupport", "NativeAuthServer", "NativeAuthEmulator", "NativeAuth", "FlowEngine",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "NativeAuthEmulatorTests",
            dependencies: [
                "EmulatorTestSupport",
                "NativeAuthEmulator", "NativeAuth", "FlowEngine", .product(name: "JWTKit", package: "jwt-kit"),
            ]
        ),
    ]
)
