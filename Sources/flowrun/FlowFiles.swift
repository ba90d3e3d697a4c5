import FlowModel
import Foundation

/// Turns the paths given on the command line into the flow files to check.
struct FlowFiles {
    /// The extensions of flow files found in folders.
    static let extensions: Set<String> = ["yaml", "yml", "json"]

    /// The flow files, each once, in command-line order; folders expanded in name order.
    var files: [String] = []
    /// One message per path that cannot be read.
    var problems: [String] = []

    /// A named file is taken whatever its extension (the loader reports a wrong one). A named folder is searched
    /// recursively for `.yaml`, `.yml` and `.json` files, skipping every file and folder whose name starts with `.`
    /// (`.flowrun`, `.build`, `.git`, ...) and symbolic links to folders.
    /// Scenario files (`*.test.yaml`, `*.test.yml`, `*.test.json`) are found in folders only when `scenarios`
    /// is set, and then only they are. The project's configuration files (``configurationNames``) are never
    /// found in folders: they are not flows.
    init(paths: [String], scenarios: Bool = false, fileManager: FileManager = .default) {
        var seen: Set<String> = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append("cannot read '\(path)': no such file or folder")
                continue
            }
            guard fileManager.isReadableFile(atPath: path) else {
                problems.append("cannot read '\(path)': permission denied")
                continue
            }
            let found: [String]
            if isDirectory.boolValue {
                do {
                    found = try Self.search(folder: path, root: path, fileManager: fileManager).filter {
                        Self.isScenarioFile($0) == scenarios
                    }
                } catch {
                    problems.append("cannot read folder '\(path)': \(error.localizedDescription)")
                    continue
                }
            } else {
                found = [path]
            }
            for file in found where seen.insert(FlowPath.identity(of: file)).inserted {
                files.append(file)
            }
        }
    }

    /// The flow files under `folder`, in name order, depth first. Symbolic links to folders are not followed,
    /// and a linked file is skipped when the link leads out of `root` (the folder searched).
    private static func search(folder: String, root: String, fileManager: FileManager) throws -> [String] {
        var files: [String] = []
        for name in try fileManager.contentsOfDirectory(atPath: folder).sorted() where !name.hasPrefix(".") {
            let path = folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let attributes = try? fileManager.attributesOfItem(atPath: path)
            let isLink = (attributes?[.type] as? FileAttributeType) == .typeSymbolicLink
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if !isLink {
                    files += try search(folder: path, root: root, fileManager: fileManager)
                }
            } else if extensions.contains((name as NSString).pathExtension.lowercased()),
                !configurationNames.contains(name.lowercased()),
                !isLink || Self.linkStaysInside(path, root: root)
            {
                files.append(path)
            }
        }
        return files
    }

    /// The names of the configuration files a project folder holds beside its flows: `flowrun.yaml` (the
    /// defaults of `flowrun run`) and `authority.yaml` (the embedded authority's tenant), in each spelling.
    static let configurationNames: Set<String> = [
        "flowrun.yaml", "flowrun.yml", "flowrun.json", "authority.yaml", "authority.yml", "authority.json",
    ]

    /// Whether the symbolic link `path` leads to a file inside `root`.
    private static func linkStaysInside(_ path: String, root: String) -> Bool {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.path
        return real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }

    /// Whether the file is named as scenario files are: `NAME.test.yaml`, `.test.yml` or `.test.json`.
    static func isScenarioFile(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return [".test.yaml", ".test.yml", ".test.json"].contains { name.hasSuffix($0) }
    }
}
