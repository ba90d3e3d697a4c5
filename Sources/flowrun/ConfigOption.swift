import NativeAuthTenant

extension TenantConfiguration {
    /// The tenant of a `--config` file (an authority.yaml); one that cannot be read or is invalid is a usage
    /// error, with its place in the file.
    static func option(_ file: String) throws -> TenantConfiguration {
        do {
            return try load(file: file)
        } catch {
            throw UsageError("--config: \(error)")
        }
    }
}
