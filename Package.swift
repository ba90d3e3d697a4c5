// swift-tools-version:6.2
import PackageDescription

/// Test targets fail to build on any compiler warning, so that an expectation the compiler finds unused (and
/// that therefore checks nothing) cannot pass unnoticed.
let strictWarnings: [SwiftSetting] = [.treatAllWarnings(as: .error)]

/// The `Running` trait (on by default) gives `flowrun` the commands that run flows: `run`, `test`, `outbox` and
/// `serve`, with the embedded authority, the HTTP client and server, and PostgreSQL. Without it
/// (`swift build --product flowrun --disable-default-traits`), `flowrun` only checks, draws and explains flows
/// (`validate`, `graph`, `catalog`, `explain`) and builds without SwiftNIO, BoringSSL, Hummingbird or SQLite.
let whenRunning: TargetDependencyCondition? = .when(traits: ["Running"])

/// The `OTLP` trait (off by default; it turns `Running` on) gives `flowrun serve --otlp-endpoint`, which exports the
/// server's spans over OTLP/HTTP with swift-otel: `swift build --traits OTLP`. Without it nothing of swift-otel is
/// built.
let whenOTLP: TargetDependencyCondition? = .when(traits: ["OTLP"])

let package = Package(
    name: "flowrun",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        // The two products to depend on: checking and running flows, and the native-auth client for apps.
        .library(
            name: "FlowrunKit",
            targets: [
                "FlowrunFoundation", "FlowModel", "FlowLoader", "FlowChecker", "FlowCompiler", "FlowEngine",
                "FlowReporting",
            ]),
        .library(
            name: "NativeAuthKit",
            targets: ["FlowrunFoundation", "NativeAuthWire", "NativeAuth", "NativeAuthURLSession"]
        ),
        // The modules one by one: building blocks of the products above and of flowrun itself.
        .library(name: "FlowrunFoundation", targets: ["FlowrunFoundation"]),
        .library(name: "FlowModel", targets: ["FlowModel"]),
        .library(name: "FlowLoader", targets: ["FlowLoader"]),
        .library(name: "FlowChecker", targets: ["FlowChecker"]),
        .library(name: "FlowCompiler", targets: ["FlowCompiler"]),
        .library(name: "FlowReporting", targets: ["FlowReporting"]),
        .library(name: "FlowReview", targets: ["FlowReview"]),
        .library(name: "FlowEngine", targets: ["FlowEngine"]),
        .library(name: "NativeAuthWire", targets: ["NativeAuthWire"]),
        .library(name: "NativeAuth", targets: ["NativeAuth"]),
        .library(name: "NativeAuthTenant", targets: ["NativeAuthTenant"]),
        .library(name: "NativeAuthEmulator", targets: ["NativeAuthEmulator"]),
        .library(name: "NativeAuthHTTP", targets: ["NativeAuthHTTP"]),
        .library(name: "NativeAuthURLSession", targets: ["NativeAuthURLSession"]),
        .library(name: "NativeAuthServer", targets: ["NativeAuthServer"]),
        .library(name: "NativeAuthEmbedded", targets: ["NativeAuthEmbedded"]),
        .library(name: "FlowSessionSeal", targets: ["FlowSessionSeal"]),
        .library(name: "FlowScenarios", targets: ["FlowScenarios"]),
        .library(name: "FlowServer", targets: ["FlowServer"]),
        .library(name: "FlowServerPostgres", targets: ["FlowServerPostgres"]),
        .executable(name: "flowrun", targets: ["flowrun"]),
        .executable(name: "flowrun-bench", targets: ["flowrun-bench"]),
    ],
    traits: [
        .trait(
            name: "Running",
            description: "flowrun's run, test, outbox and serve commands (the emulator, HTTP and PostgreSQL)"),
        .trait(
            name: "OTLP",
            description: "flowrun serve --otlp-endpoint: export spans over OTLP/HTTP with swift-otel",
            enabledTraits: ["Running"]),
        .default(enabledTraits: ["Running"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", .upToNextMinor(from: "6.2.2")),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-otel/swift-otel", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        .target(name: "FlowrunFoundation"),
        .target(name: "FlowModel", dependencies: ["FlowrunFoundation"]),
        .target(name: "FlowLoader", dependencies: ["FlowModel", .product(name: "Yams", package: "Yams")]),
        .target(name: "FlowChecker", dependencies: ["FlowModel", "FlowrunFoundation"]),
        .target(name: "FlowCompiler", dependencies: ["FlowLoader", "FlowChecker", "FlowModel"]),
        .target(name: "FlowReporting", dependencies: ["FlowModel", "FlowrunFoundation"]),
        .target(name: "FlowReview", dependencies: ["FlowModel", "FlowrunFoundation"]),
        .target(
            name: "FlowEngine",
            dependencies: [
                "FlowModel", "FlowrunFoundation", .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]),
        .target(name: "NativeAuthWire", dependencies: ["FlowrunFoundation"]),
        .target(
            name: "NativeAuth",
            dependencies: [
                "NativeAuthWire", "FlowEngine", "FlowLoader", "FlowModel", "FlowrunFoundation",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]),
        .target(
            name: "NativeAuthTenant", dependencies: ["NativeAuthWire", "FlowLoader", "FlowModel", "FlowrunFoundation"]),
        .target(
            name: "NativeAuthEmulator",
            dependencies: [
                "NativeAuthTenant", "NativeAuthWire", "FlowModel", "FlowrunFoundation",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .target(
            name: "NativeAuthHTTP",
            dependencies: [
                "NativeAuthWire", "FlowrunFoundation",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .target(name: "NativeAuthURLSession", dependencies: ["NativeAuthWire", "FlowrunFoundation"]),
        .target(
            name: "NativeAuthEmbedded",
            dependencies: [
                "NativeAuth", "NativeAuthEmulator", "NativeAuthTenant", "NativeAuthWire", "FlowEngine", "FlowModel",
            ]
        ),
        .target(
            name: "FlowSessionSeal",
            dependencies: [
                "FlowEngine", "FlowrunFoundation", "NativeAuthWire", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "NativeAuthServer",
            dependencies: [
                "NativeAuthTenant", "NativeAuthEmulator", "NativeAuthWire", "FlowrunFoundation",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]
        ),
        .target(
            name: "FlowServer",
            dependencies: [
                "FlowModel", "FlowrunFoundation", "FlowCompiler", "FlowEngine", "FlowSessionSeal", "NativeAuthServer",
                "NativeAuthWire", "NativeAuthEmulator",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .target(
            name: "FlowServerPostgres",
            dependencies: [
                "FlowServer", "FlowSessionSeal", "NativeAuthEmulator", "FlowrunFoundation",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "FlowScenarios",
            dependencies: [
                "FlowModel", "FlowrunFoundation", "FlowLoader", "FlowCompiler", "FlowReporting", "FlowEngine",
                "NativeAuthWire", "NativeAuth", "NativeAuthTenant", "NativeAuthEmulator", "NativeAuthEmbedded",
            ]
        ),
        .executableTarget(
            name: "flowrun",
            dependencies: [
                "FlowModel", "FlowrunFoundation", "FlowLoader", "FlowCompiler", "FlowReporting", "FlowReview",
                "FlowEngine",
                "NativeAuthWire", "NativeAuth", "NativeAuthTenant",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .byName(name: "NativeAuthEmulator", condition: whenRunning),
                .byName(name: "NativeAuthEmbedded", condition: whenRunning),
                .byName(name: "FlowSessionSeal", condition: whenRunning),
                .byName(name: "NativeAuthHTTP", condition: whenRunning),
                .byName(name: "NativeAuthURLSession", condition: whenRunning),
                .byName(name: "NativeAuthServer", condition: whenRunning),
                .byName(name: "FlowScenarios", condition: whenRunning),
                .byName(name: "FlowServer", condition: whenRunning),
                .byName(name: "FlowServerPostgres", condition: whenRunning),
                .product(name: "Logging", package: "swift-log", condition: whenRunning),
                .product(name: "Crypto", package: "swift-crypto", condition: whenRunning),
                .product(name: "OTel", package: "swift-otel", condition: whenOTLP),
                .product(name: "Tracing", package: "swift-distributed-tracing", condition: whenOTLP),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: whenOTLP),
            ]
        ),
        .executableTarget(
            name: "flowrun-bench",
            dependencies: [
                "FlowModel", "FlowrunFoundation", "FlowLoader", "FlowCompiler", "FlowEngine", "NativeAuthWire",
                "NativeAuth", "NativeAuthTenant", "NativeAuthEmulator", "NativeAuthEmbedded", "NativeAuthHTTP",
                "NativeAuthServer",
                "FlowServer", "FlowServerPostgres", "FlowSessionSeal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Sources/FlowrunBench"
        ),
        .testTarget(
            name: "FlowLoaderTests", dependencies: ["FlowLoader", "FlowChecker", "FlowModel", "NativeAuth"],
            exclude: ["HostileCorpus"]),
        .testTarget(
            name: "FlowCheckerTests", dependencies: ["FlowChecker", "FlowLoader", "FlowModel", "NativeAuth"]),
        .testTarget(name: "FlowReportingTests", dependencies: ["FlowReporting", "FlowModel"]),
        .testTarget(
            name: "FlowReviewTests", dependencies: ["FlowReview", "FlowCompiler", "FlowModel", "NativeAuth"]),
        .testTarget(
            name: "FlowCompilerTests", dependencies: ["FlowCompiler", "FlowModel", "NativeAuth"]),
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "FlowrunFoundationTests", dependencies: ["FlowrunFoundation"]),
        .testTarget(
            name: "FlowScenariosTests",
            dependencies: [
                "FlowScenarios", "FlowChecker", "FlowEngine", "FlowLoader", "FlowModel", "NativeAuth",
                "NativeAuthEmulator",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "FlowrunCLITests", dependencies: ["TestSupport"]),
        .testTarget(name: "FlowSessionSealTests", dependencies: ["FlowSessionSeal", "FlowEngine", "FlowModel"]),
        .testTarget(
            name: "NativeAuthEmbeddedTests",
            dependencies: [
                "NativeAuthEmbedded", "NativeAuth", "NativeAuthEmulator", "NativeAuthTenant", "NativeAuthWire",
                "FlowEngine", "FlowModel",
            ]),
        .testTarget(name: "FlowSchemaTests"),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowModel", "FlowrunFoundation"]),
        .testTarget(
            name: "FlowEngineTests",
            dependencies: [
                "FlowEngine", "FlowChecker", "FlowLoader", "FlowModel", "FlowrunFoundation",
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]),
        .testTarget(name: "NativeAuthWireTests", dependencies: ["NativeAuthWire", "FlowrunFoundation"]),
        .testTarget(
            name: "NativeAuthURLSessionTests",
            dependencies: ["NativeAuthURLSession", "NativeAuthWire", "FlowrunFoundation"]),
        .testTarget(
            name: "NativeAuthTenantTests",
            dependencies: ["TestSupport", "NativeAuthTenant", "NativeAuthEmulator", "NativeAuth", "FlowrunFoundation"]),
        .testTarget(
            name: "FlowServerTests",
            dependencies: [
                "TestSupport", "FlowServer", "FlowEngine", "FlowModel", "NativeAuth", "NativeAuthWire",
                "FlowrunFoundation",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "NativeAuthTests",
            dependencies: [
                "NativeAuth", "NativeAuthWire", "NativeAuthTenant", "NativeAuthEmulator", "FlowEngine", "FlowLoader",
                "FlowModel", "FlowrunFoundation",
            ]),
        .testTarget(
            name: "NativeAuthHTTPTests",
            dependencies: [
                "NativeAuthHTTP", "NativeAuthURLSession", "NativeAuthWire", "NativeAuth", "FlowEngine", "FlowLoader",
                "FlowModel", "FlowrunFoundation", "NativeAuthServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "NativeAuthTenant", "NativeAuthEmulator", "FlowModel", "FlowrunFoundation",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "NativeAuthServerTests",
            dependencies: [
                "TestSupport", "NativeAuthServer", "NativeAuthTenant", "NativeAuthEmulator", "NativeAuthWire",
                "NativeAuth",
                "NativeAuthURLSession", "FlowCompiler", "FlowEngine", "FlowModel", "FlowrunFoundation",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                "NativeAuthHTTP", .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]
        ),
        .testTarget(
            name: "FlowServerPostgresTests",
            dependencies: [
                "TestSupport", "FlowServerPostgres", "NativeAuthTenant", "NativeAuthEmulator", "NativeAuthWire",
                "FlowModel", "FlowrunFoundation", "FlowServer", "FlowSessionSeal",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "NativeAuthEmulatorTests",
            dependencies: [
                "TestSupport",
                "NativeAuthTenant", "NativeAuthEmulator", "NativeAuthWire", "NativeAuth", "FlowEngine", "FlowModel",
                "FlowrunFoundation",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ]
)

for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + strictWarnings
}
