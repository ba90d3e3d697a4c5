import FlowModel

/// The rules of `use` paths: lexical checks first (on ``FlowPath``: relative, naming a flow file, inside the root
/// folder), then ``FlowPath/isReallyInside(_:root:)``, which follows symbolic links, before any file is read.
enum SubflowPath {
    /// Why a `use` path was refused.
    struct Failure: Error, Sendable, Hashable {
        var code: RuleCode
        var message: String
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
        guard FlowPath.extensions.contains(FlowPath.pathExtension(path)) else {
            return .failure(
                Failure(
                    code: .unsupportedExtension,
                    message: "`use: \(path)` does not name a flow file; flow files end in .yaml, .yml or .json"))
        }
        let resolved = FlowPath.join(FlowPath.directory(of: file), path)
        guard FlowPath.isInside(resolved, root: root) else {
            return .failure(
                Failure(
                    code: .pathEscapesRoot,
                    message: "`use: \(path)` leaves the root folder `\(root)` (it resolves to `\(resolved)`)"))
        }
        return .success(resolved)
    }

    private static func isWindowsDrivePath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.count >= 2, bytes[1] == UInt8(ascii: ":") else { return false }
        return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[0] | 0x20)
    }
}
