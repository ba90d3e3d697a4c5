// swift-tools-version: 6.0
import PackageDescription

// An app of its own that embeds flowrun: its "screen" is a line protocol on standard input and output, and it
// signs users up and in against a native-auth authority over URLSession, keeping the account on disk.
let package = Package(
    name: "EmbeddedApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "flowrun", path: "../..")],
    targets: [
        .executableTarget(
            name: "embedded-app",
            dependencies: [
                .product(name: "FlowrunKit", package: "flowrun"),
                .product(name: "NativeAuthKit", package: "flowrun"),
            ]
        )
    ]
)
