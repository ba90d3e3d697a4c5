import Foundation

/// The built `flowrun` binary the process-level tests run.
public enum FlowrunBinary {
    /// `FLOWRUN_BINARY`, else `flowrun` in the build folder that holds the test bundle
    /// (`.build/debug/flowrun` next to `.build/debug/flowrunPackageTests.xctest`); nil when none is built.
    public static func find() -> URL? {
        candidates().first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Where the binary is looked for, in order.
    public static func candidates() -> [URL] {
        if let path = ProcessInfo.processInfo.environment["FLOWRUN_BINARY"], !path.isEmpty {
            return [URL(fileURLWithPath: path)]
        }
        var folders: [URL] = []
        for bundle in [Bundle.main] + Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        return folders.map { $0.appendingPathComponent("flowrun").standardizedFileURL }
    }
}
