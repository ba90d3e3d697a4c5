extension WireError {
    /// An `error_description` as Entra writes it: `AADSTS{code}: {message}` (the message alone when there is no
    /// code), then `Trace ID`, `Correlation ID` and `Timestamp` lines, separated by CRLF.
    public static func description(
        code: Int?, message: String, traceID: String, correlationID: String, timestamp: String
    ) -> String {
        let first = code.map { "AADSTS\($0): \(message)" } ?? message
        return [first, "Trace ID: \(traceID)", "Correlation ID: \(correlationID)", "Timestamp: \(timestamp)"]
            .joined(separator: "\r\n")
    }
}
