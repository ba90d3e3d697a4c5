import FlowModel
import Foundation

/// Path handling for flow files and `use` paths: lexical checks first (no file system access), then
/// ``isReallyInside(_:root:)``, which follows symbolic links, before any file is read.
enum SubflowPath {
    /// Why a `use` path was refused.
    struct Failure: Error, Sendable, Hashable {
        var code: RuleCode
        var message: String
    }

    /// The flow file extensions, lowercased.
    static let extensions = ["yaml", "yml", "json"]

    /// The extension of a path, lowercased (`""` when none).
    static func pathExtension(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }

    /// `path` with `.` and empty components removed and `..` applied (kept at the start of a relative path).
    static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var components: [Substring] = []
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." {
                    components.removeLast()
                } else if !isAbsolute {
                    components.append(component)
                }
            default: components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// The folder of a file path (`.` for a bare file name).
    static func directory(of path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return "." }
        if slash == normalized.startIndex { return "/" }
        return String(normalized[..<slash])
    }

    /// `relative` resolved against the folder `directory`, normalized.
    static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        return normalize(directory == "." ? relative : directory + "/" + relative)
    }

    /// An absolute, normalized form of a path (relative paths are taken from the current directory).
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// Whether `path` is `root` or inside it.
    static func isInside(_ path: String, root: String) -> Bool {
        let pathComponents = absolute(path).split(separator: "/")
        let rootComponents = absolute(root).split(separator: "/")
        return pathComponents.count >= rootComponents.count
            && zip(pathComponents, rootComponents).allSatisfy { $0 == $1 }
    }

    /// Resolves the path of a `use` step written in `file`: it must be relative, name a flow file and stay
    /// inside `root` once `..` is applied.
    static func resolve(_ path: String, from file: String, root: String) -> Result<String, Failure> {
        if path.isEmpty {
            return .failure(Failure(code: .invalidValue, message: "`use` must name a flow file, found an empty path"))
        }
        if path.hasPrefix("/") || path.hasPrefix("\\") || path.hasPrefix("~") || isWindowsDrivePath(path) {
            return .failure(
                Failure(
                    code: .pathEscapesRoot,
                    message: "`use: \(path)` is an absolute path; sub-flow paths are relative to this file"))
        }
        guard extensions.contains(pathExtension(path)) else {
            return .failure(
                Failure(
                    code: .unsupportedExtension,
                    message: "`use: \(path)` does not name a flow file; flow files end in .yaml, .yml or .json"))
        }
        let resolved = join(directory(of: file), path)
        guard isInside(resolved, root: root) else {
            return .failure(
                Failure(
                    code: .pathEscapesRoot,
                    message: "`use: \(path)` leaves the root folder `\(root)` (it resolves to `\(resolved)`)"))
        }
        return .success(resolved)
    }

    /// Whether `path` is inside `root` once every symbolic link of both is followed: a link that leads out of
    /// the root (`shared.yaml -> ../outside/secrets`) is outside, whatever its name says.
    static func isReallyInside(_ path: String, root: String) -> Bool {
        let real = URL(fileURLWithPath: absolute(path)).resolvingSymlinksInPath().path
        let realRoot = URL(fileURLWithPath: absolute(root)).resolvingSymlinksInPath().path
        return isInside(real, root: realRoot)
    }

    private static func isWindowsDrivePath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.count >= 2, bytes[1] == UInt8(ascii: ":") else { return false }
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[0] | 0x20)
    }
}
