// swift-tools-version:6.2
// The libFuzzer target over the flow compiler (loader and checker). A package of its own, so that a fuzz build
// compiles only the flow modules, the native-auth client (for its catalog) and Yams, never the HTTP and crypto
// dependencies.
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
                .product(name: "FlowCompiler", package: "flowrun"),
                .product(name: "NativeAuth", package: "flowrun"),
            ]
        )
    ]
)
