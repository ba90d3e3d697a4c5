import FlowrunFoundation

/// How flowrun's native-auth client names itself to the authority, as the SDKs do with their
/// `x-client-SKU` and `x-client-VER` headers (`MSAL.iOS`, `MSAL.Android`, `msal.browser` and their versions).
public enum ClientIdentity {
    /// The `x-client-SKU` header.
    public static let sku = "flowrun"
    /// The `x-client-VER` header: the version of flowrun.
    public static let version = FlowrunVersion.current
}
