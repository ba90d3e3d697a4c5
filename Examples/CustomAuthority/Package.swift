// swift-tools-version: 6.0
import PackageDescription

// An authority of your own: a magic-link sign-in service with its own action catalog, run by flowrun's engine.
let package = Package(
    name: "CustomAuthority",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "flowrun", path: "../..")],
    targets: [
        .executableTarget(
            name: "custom-authority",
            dependencies: [.product(name: "FlowrunKit", package: "flowrun")]
        )
    ]
)
