import ArgumentParser

/// `--format text|json` of the commands that print results (`run`, `outbox`, `catalog`'s text and JSON);
/// `--json` stays as the short spelling of `--format json`.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    case text
    case json
}

/// The `--format` and `--json` options of `run` and `outbox`.
struct OutputFormatOptions: ParsableArguments {
    @Option(help: "The output format.")
    var format: OutputFormat = .text

    @Flag(name: .customLong("json"), help: "The same as --format json.")
    var jsonAlias = false

    /// Whether JSON was asked for, with either option.
    var json: Bool { jsonAlias || format == .json }
}
