#if Running
    import Logging

    /// What `flowrun serve` says on standard error besides the access log — its banner, warnings and the error it
    /// stops on: text lines, or with `--log-format json` entries of the server's logger, so that every line a log
    /// collector reads is one JSON object.
    struct ServeNotices {
        let logger: Logger
        let json: Bool

        /// The start banner: its first line as the entry's message, the others in its `lines` field.
        func banner(_ lines: [String]) {
            guard json else { return lines.forEach(Terminal.writeError) }
            guard let first = lines.first else { return }
            let rest = lines.dropFirst().map { Logger.MetadataValue.string($0.trimmingSpaces()) }
            logger.info("\(first)", metadata: rest.isEmpty ? nil : ["lines": .array(Array(rest))])
        }

        /// A line of information, e.g. where the flow runner is served.
        func info(_ text: String) {
            json ? logger.info("\(text)") : Terminal.writeError(text)
        }

        /// A warning the operator must see, e.g. that the dev outbox is on.
        func warning(_ text: String) {
            json ? logger.warning("\(text)") : Terminal.writeError(text)
        }

        /// The error `serve` stops on.
        func error(_ text: String) {
            json ? logger.error("\(text)") : Terminal.error(text)
        }
    }

    extension String {
        fileprivate func trimmingSpaces() -> String {
            String(drop(while: { $0 == " " }))
        }
    }
#endif
