import Foundation

/// The paths of flow files, lexically (no file system access, no symbolic links resolved): the root folder a
/// flow's sub-flows must stay in, and the relative path that names a sub-flow in sessions and reports.
public enum FlowPath {
    /// The flow file extensions, lowercased.
    public static let extensions = ["yaml", "yml", "json"]

    /// The extension of a path, lowercased (`""` when none).
    public static func pathExtension(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }

    /// `path` with `.` and empty components removed and `..` applied (kept at the start of a relative path).
    public static func normalize(_ path: String) -> String {
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

    /// The folder of a file path, normalized (`.` for a bare file name): the root folder its sub-flows must
    /// stay in.
    public static func directory(of path: String) -> String {
        let normalized = normalize(path)
        guard let slash = normalized.lastIndex(of: "/") else { return "." }
        if slash == normalized.startIndex { return "/" }
        return String(normalized[..<slash])
    }

    /// `relative` resolved against the folder `directory`, normalized.
    public static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        return normalize(directory == "." ? relative : directory + "/" + relative)
    }

    /// An absolute, normalized form of a path (relative paths are taken from the current directory).
    public static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// Whether `path` is `root` or inside it.
    public static func isInside(_ path: String, root: String) -> Bool {
        let pathComponents = absolute(path).split(separator: "/")
        let rootComponents = absolute(root).split(separator: "/")
        return pathComponents.count >= rootComponents.count
            && zip(pathComponents, rootComponents).allSatisfy { $0 == $1 }
    }

    /// Whether `path` is inside `root` once every symbolic link of both is followed: a link that leads out of
    /// the root (`shared.yaml -> ../outside/secrets`) is outside, whatever its name says.
    public static func isReallyInside(_ path: String, root: String) -> Bool {
        let real = URL(fileURLWithPath: absolute(path)).resolvingSymlinksInPath().path
        let realRoot = URL(fileURLWithPath: absolute(root)).resolvingSymlinksInPath().path
        return isInside(real, root: realRoot)
    }

    /// The path of a sub-flow's file relative to the folder of the root flow's file, as both are keyed by the
    /// loader (`flows/signin.yaml` and `flows/parts/code.yaml` give `parts/code.yaml`); `path` itself when it
    /// lies outside that folder.
    public static func relative(_ path: String, toFolderOf rootFile: String) -> String {
        guard let slash = rootFile.lastIndex(of: "/") else { return path }
        let folder = rootFile[...slash]
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    /// A key that is equal for two spellings of the same path (`a.yaml`, `./a.yaml`, `/abs/a.yaml`).
    public static func identity(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
