// swift-tools-version:6.2
// The libFuzzer target over the loader and the checker (issue 7). A package of its own, so that a fuzz build
// compiles only FlowModel, FlowLoader, FlowChecker and Yams, never the HTTP and crypto dependencies.
// Build and run it with `scripts/fuzz.sh SECONDS`.
import PackageDescription

let package = Package(
    name: "flowrun-fuzz",
    dependencies: [
        .package(name: "flowrun", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "FlowFuzz",
            dependencies: [
                .product(name: "FlowModel", package: "flowrun"),
                .product(name: "FlowLoader", package: "flowrun"),
                .product(name: "FlowChecker", package: "flowrun"),
            ]
        )
    ]
)
