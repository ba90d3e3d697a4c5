#if Running
    import Foundation
    import NativeAuthTenant

    extension TenantConfiguration {
        /// The embedded authority's tenant: `--config FILE`, else `authority.yaml` in the current folder when
        /// present, else the defaults.
        static func embedded(option: String?) throws -> TenantConfiguration {
            if let option { return try TenantConfiguration.load(file: option) }
            if FileManager.default.fileExists(atPath: "authority.yaml") {
                return try TenantConfiguration.load(file: "authority.yaml")
            }
            return TenantConfiguration()
        }
    }
#endif
