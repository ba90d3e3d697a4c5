import Foundation

/// `flowrun validate -`: the flow on standard input, kept in a temporary file for the loader (YAML, or JSON when
/// it starts with `{`) and named `-` in every report. Sub-flows cannot be resolved from standard input.
struct StandardInputFlow {
    /// The temporary file that holds the flow.
    let path: String
    private let folder: URL

    /// The name reports give the flow.
    static let name = "-"

    init() throws {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let first = data.first { !(" \t\r\n" as String).utf8.contains($0) }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-stdin-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(first == UInt8(ascii: "{") ? "stdin.json" : "stdin.yaml")
            try data.write(to: file)
            path = file.path
        } catch {
            throw UsageError("cannot keep standard input in a temporary file: \(error.localizedDescription)")
        }
    }

    /// Removes the temporary file.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// `file` as reports name it.
    func named(_ file: String) -> String {
        file == path ? Self.name : file
    }
}
