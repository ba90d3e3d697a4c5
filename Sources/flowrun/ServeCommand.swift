import ArgumentParser
import Foundation
import NativeAuthEmulator
import NativeAuthServer

/// `flowrun serve`: the embedded authority over HTTP, for any HTTP client (an app in a simulator, other tests).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the embedded authority over HTTP, as the Entra External ID native-auth API.",
        discussion: """
            The endpoints are under http://HOST:PORT/TENANT (TENANT: the subdomain, SUBDOMAIN.onmicrosoft.com \
            or the tenant id), with OpenID discovery at /TENANT/v2.0/.well-known/openid-configuration; see \
            schemas/native-auth.openapi.yaml. On start, one line goes to standard output: \
            `flowrun serve: listening on http://HOST:PORT/TENANT`. Access logs go to standard error. \
            SIGINT or SIGTERM stops the server gracefully (exit 0); exit 2 for a bad option or configuration, \
            1 when the address cannot be bound.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one (printed on start).")
    var port = 0

    @OptionGroup var stateOption: StateOption

    @Option(
        help: ArgumentHelp(
            "The embedded authority's tenant configuration (default: ./authority.yaml when present).", valueName: "file"
        ))
    var config: String?

    @Flag(help: "Serve GET /outbox, which exposes every code the authority sends. For development only.")
    var devOutbox = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty.") }
    }

    func run() async throws {
        let emulator: NativeAuthEmulator
        do {
            let configuration = try EmbeddedAuthority.configuration(option: config)
            let state = StateDirectory(option: stateOption.stateDir, project: try ProjectFile.load())
            try state.prepare()
            emulator = NativeAuthEmulator(configuration: configuration, store: try EmulatorStore(directory: state.path))
        } catch {
            Terminal.error("\(error)")
            throw ExitCode.usage
        }
        if devOutbox {
            Terminal.writeError(
                "flowrun serve: WARNING: --dev-outbox is on: GET /outbox shows every one-time code the authority "
                    + "sends to anyone who can reach this port. Never use it outside development.")
        }
        let server = NativeAuthHTTPServer(emulator: emulator, host: host, port: port, devOutbox: devOutbox)
        let host = host.contains(":") ? "[\(host)]" : host
        let tenant = emulator.configuration.tenant
        do {
            try await server.run { port in
                Terminal.write("flowrun serve: listening on http://\(host):\(port)/\(tenant)\n")
                fflush(nil)
            }
        } catch {
            Terminal.error("cannot serve on \(host):\(port): \(Self.reason(error))")
            throw ExitCode(1)
        }
    }

    /// Why the server could not start, in words: SwiftNIO's socket errors read
    /// `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`; the reason is the text between the
    /// call and the error number.
    static func reason(_ error: any Error) -> String {
        let text = "\(error)"
        guard let call = text.range(of: "): "), let number = text.range(of: " (errno: ", options: .backwards),
            call.upperBound <= number.lowerBound
        else { return text }
        var reason = String(text[call.upperBound..<number.lowerBound])
        if reason.hasSuffix(")") { reason.removeLast() }
        return reason.prefix(1).lowercased() + reason.dropFirst()
    }
}
