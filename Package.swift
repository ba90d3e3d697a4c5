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
        .executable(name: "flowrun", targets: ["flowrun"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        .target(name: "FlowModel"),
        .target(name: "FlowLoader", dependencies: ["FlowModel", .product(name: "Yams", package: "Yams")]),
        .target(name: "FlowChecker", dependencies: ["FlowModel"]),
        .target(name: "FlowReporting", dependencies: ["FlowModel"]),
        .executableTarget(
            name: "flowrun",
            dependencies: [
                "FlowModel", "FlowLoader", "FlowChecker", "FlowReporting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FlowLoaderTests", dependencies: ["FlowLoader", "FlowModel"]),
        .testTarget(name: "FlowCheckerTests", dependencies: ["FlowChecker", "FlowLoader", "FlowModel"]),
        .testTarget(name: "FlowReportingTests", dependencies: ["FlowReporting", "FlowModel"]),
        .testTarget(name: "FlowrunCLITests", dependencies: []),
        .testTarget(name: "FlowSchemaTests"),
    ]
)
