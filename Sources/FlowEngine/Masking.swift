/// How secrets look wherever they would be shown.
public enum Masking {
    public static let mask = "••••"
}
