extension Unicode.Scalar {
    /// Whether a terminal would act on this scalar rather than show it: C0 controls (newline and tab among them),
    /// DEL, C1 controls and the bidirectional overrides and isolates. The terminal writer escapes them and the
    /// checker reports them in a flow's texts, from this one list.
    public var isTerminalControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
