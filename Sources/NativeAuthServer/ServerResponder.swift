import Foundation
import Hummingbird
import Logging
import NativeAuthWire
import Tracing

/// Answers every request: routes it, checks the method, hands native-auth calls to the emulator, answers CORS
/// preflights of allowed origins, and writes one access-log line per request, in a server span (``RequestSpan``)
/// when the server has a tracer.
struct ServerResponder: HTTPResponder {
    typealias Context = ServerRequestContext

    let server: NativeAuthHTTPServer
    let listener: Listener
    let limiter: AddressRateLimiter?
    let cors: CORS

    init(server: NativeAuthHTTPServer, listener: Listener, limiter: AddressRateLimiter?) {
        self.server = server
        self.listener = listener
        self.limiter = limiter
        self.cors = CORS(origins: server.corsOrigins)
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        let incoming = TraceContext.incoming(request.headers)
        guard
            let span = RequestSpan.start(
                method: request.method.rawValue, headers: request.headers, tracer: server.tracer)
        else { return try await respond(to: request, context: context, trace: incoming, span: nil) }
        defer { span.span.end() }
        return try await ServiceContext.withValue(span.span.context) {
            try await respond(to: request, context: context, trace: span.accessLogTrace(incoming), span: span)
        }
    }

    /// Answers a request in the trace context `trace`, recording the route and status on `span`.
    private func respond(
        to request: Request, context: Context, trace: TraceContext, span: RequestSpan?
    ) async throws -> Response {
        let started = ContinuousClock.now
        let requestID = ClientRequestID.value(in: request.headers, query: request.uri.query)
        let origin = cors.allowedOrigin(request.headers)
        if let origin, CORS.isPreflight(request), case .success(let match) = resolve(request.uri.path) {
            var response = CORS.preflight(origin: origin, methods: match.route.methods, request: request)
            if let tls = server.tls, let name = HTTPFields.Element.Name("Strict-Transport-Security") {
                response.headers[name] = tls.strictTransportSecurity
            }
            span?.finish(method: request.method.rawValue, route: match.route, status: 204)
            AccessLog.record(
                server.logger, method: request.method.rawValue, path: request.uri.path, route: match.route,
                reply: Reply(status: 204, body: .object([:])), requestID: requestID,
                trace: trace, elapsed: ContinuousClock.now - started)
            return response
        }
        var (reply, route): (Reply, Route?)
        if let seconds = limiter?.wait(for: context.clientAddress) {
            (reply, route) = (ServerError.tooManyRequests(retryAfter: seconds).reply(requestID: requestID), nil)
        } else {
            (reply, route) = await answer(request, clientAddress: context.clientAddress, requestID: requestID)
        }
        if let origin { reply.headers += CORS.headers(origin: origin) }
        if let tls = server.tls {
            reply.headers.append((name: "Strict-Transport-Security", value: tls.strictTransportSecurity))
        }
        server.metrics.record(
            route: route?.template ?? "unmatched", status: reply.status, elapsed: ContinuousClock.now - started)
        // A mounted route's path may hold an id that is a credential (a flow session's): its template is logged.
        let loggedPath: String
        if case .mounted(let template) = route { loggedPath = template } else { loggedPath = request.uri.path }
        span?.finish(method: request.method.rawValue, route: route, status: reply.status)
        AccessLog.record(
            server.logger, method: request.method.rawValue, path: loggedPath, route: route, reply: reply,
            requestID: requestID, trace: trace, elapsed: ContinuousClock.now - started)
        return request.method == .head ? reply.response.createHeadResponse() : reply.response
    }

    /// The route a path names: a mounted prefix first, then the native-auth and operational routes.
    private func resolve(_ path: String) -> Result<RouteMatch, ServerError> {
        if let mount = mount(of: path) { return .success(RouteMatch(route: .mounted(template: mount.prefix))) }
        return RouteMatch.resolve(path, configuration: server.emulator.configuration, devOutbox: server.devOutbox)
    }

    /// The mounted routes a path belongs to.
    private func mount(of path: String) -> (any MountedRoutes)? {
        server.mounted.first { $0.claims(path) }
    }

    /// The reply and, when the path named one, the route.
    private func answer(_ request: Request, clientAddress: String?, requestID: String) async -> (Reply, Route?) {
        if let mount = mount(of: request.uri.path) {
            return await answer(request, mountedAt: mount, clientAddress: clientAddress, requestID: requestID)
        }
        let match: RouteMatch
        switch RouteMatch.resolve(
            request.uri.path, configuration: server.emulator.configuration, devOutbox: server.devOutbox)
        {
        case .failure(let error): return (error.reply(requestID: requestID), nil)
        case .success(let found): match = found
        }
        let route = match.route
        guard route.methods.contains(request.method.rawValue) else {
            let allowed = route.methods.joined(separator: ", ")
            let error = ServerError.methodNotAllowed(request.method.rawValue, allowed: allowed)
            return (error.reply(requestID: requestID), route)
        }
        switch route {
        case .endpoint(let endpoint):
            return (await call(endpoint, request: request, requestID: requestID), route)
        case .discovery:
            let emulator = listener.emulator
            let document = Discovery.document(
                base: baseURL(configured: emulator.configuration.issuerBaseURL),
                tenantID: emulator.configuration.tenantID, issuer: emulator.issuer,
                signingAlgorithm: emulator.configuration.tokens.signingAlgorithm)
            return (.ok(document, requestID: requestID), route)
        case .keys:
            do {
                return (.ok(.object(try await listener.emulator.jwks()), requestID: requestID), route)
            } catch {
                return (ServerError.serverError.reply(requestID: requestID), route)
            }
        case .outbox:
            return (
                await OutboxRoute.answer(query: request.uri.query, emulator: server.emulator, requestID: requestID),
                route
            )
        case .health:
            return (.ok(.object(["status": "up"]), requestID: requestID), route)
        case .ready:
            do {
                try await server.emulator.store.checkReady()
                return (.ok(.object(["status": "ready"]), requestID: requestID), route)
            } catch {
                server.logger.error("not ready", metadata: ["reason": .string("\(error)")])
                return (
                    Reply(
                        status: 503, headers: [(name: "client-request-id", value: requestID)],
                        body: .object(["status": "unavailable", "reason": "the store cannot be read"])),
                    route
                )
            }
        case .metrics:
            guard let exposition = server.metrics.exposition() else {
                return (ServerError.notFound.reply(requestID: requestID), route)
            }
            var reply = Reply(status: 200, body: .null)
            reply.text = ("text/plain; version=0.0.4; charset=utf-8", exposition)
            return (reply, route)
        case .mounted:
            // `RouteMatch.resolve` never names a mounted route: those paths are answered above.
            return (ServerError.notFound.reply(requestID: requestID), route)
        }
    }

    /// A request for mounted routes: its body read within the server's limits, the answer theirs.
    private func answer(
        _ request: Request, mountedAt mount: any MountedRoutes, clientAddress: String?, requestID: String
    ) async -> (Reply, Route?) {
        let body: [UInt8]
        switch await FormRequest.read(request.body, limit: server.bodyLimit, timeout: server.bodyTimeout) {
        case .failure(let error): return (error.reply(requestID: requestID), .mounted(template: mount.prefix))
        case .success(let bytes): body = bytes
        }
        let answer = await mount.answer(
            MountedRequest(
                method: request.method.rawValue, path: request.uri.path, query: request.uri.query,
                contentType: request.headers[.contentType], cookie: request.headers[.cookie], body: body,
                clientAddress: clientAddress, acceptLanguage: request.headers[.acceptLanguage]))
        var reply = Reply(status: answer.status, headers: answer.headers, body: .null)
        reply.text = (answer.contentType, answer.body)
        reply.mountedError = answer.errorName
        return (reply, .mounted(template: answer.template))
    }

    /// A native-auth call: the form is checked here, everything else is the emulator's answer.
    private func call(_ endpoint: NativeAuthEndpoint, request: Request, requestID: String) async -> Reply {
        switch await FormRequest.parameters(
            of: request, endpoint: endpoint, limit: server.bodyLimit, strict: server.strictParameters,
            timeout: server.bodyTimeout)
        {
        case .failure(let error):
            return error.reply(requestID: requestID)
        case .success(let fields):
            if !fields.ignored.isEmpty {
                server.logger.debug(
                    "ignored parameters",
                    metadata: [
                        "route": .string("/{tenant}" + endpoint.path), "client_request_id": .string(requestID),
                        "parameters": .string(
                            fields.ignored.prefix(32).map { ServerError.clip($0) }.joined(separator: ",")),
                    ])
            }
            let wire = WireRequest(
                endpoint: endpoint, parameters: fields.parameters, headers: ["client-request-id": requestID])
            return Reply(await listener.emulator.handle(wire))
        }
    }

    /// The configured `issuerBaseURL` (the public address behind a balancer), else the listener's origin (`https`
    /// under TLS) — never the request's `Host`, so that a client cannot make the discovery document, which caches
    /// in front of the server keep, name another server.
    private func baseURL(configured issuerBaseURL: String?) -> String {
        var base =
            issuerBaseURL
            ?? NativeAuthHTTPServer.origin(host: server.host, port: listener.port ?? server.port, scheme: server.scheme)
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
