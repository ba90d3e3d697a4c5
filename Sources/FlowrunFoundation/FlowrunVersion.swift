/// The version of flowrun: the one place it is written. `flowrun --version`, the native-auth client's
/// `x-client-VER` header and the changelog's newest section agree with it (a test compares the changelog).
public enum FlowrunVersion {
    /// The version, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
