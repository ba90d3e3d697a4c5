import FlowrunFoundation
import Foundation
import Hummingbird
import NativeAuthWire

/// Reads the form body of a native-auth call: checks the content type and the size, decodes the fields,
/// refuses duplicate ones and sets aside those the endpoint does not read.
enum FormRequest {
    /// The fields an endpoint reads, and the names of those it ignored (never their values).
    struct Fields: Sendable, Equatable {
        var parameters: [String: String]
        var ignored: [String]
    }

    /// The fields of `request`'s body, or the answer explaining why there are none. The body must arrive within
    /// `timeout`. A parameter the endpoint does not read is ignored (RFC 6749 §3.2: "the authorization server
    /// MUST ignore unrecognized request parameters"); with `strict`, one that is not an SDK field either is
    /// refused.
    static func parameters(
        of request: Request, endpoint: NativeAuthEndpoint, limit: Int, strict: Bool, timeout: Duration = .seconds(30)
    ) async -> Result<Fields, ServerError> {
        guard isFormContentType(request.headers[.contentType]) else { return .failure(.unsupportedContentType) }
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            var iterator = request.body.makeAsyncIterator()
            await drain(&iterator, upTo: drainLimit(limit))
            return .failure(.bodyTooLarge(limit: limit))
        }
        let bytes: [UInt8]
        switch await read(request.body, limit: limit, timeout: timeout) {
        case .success(let read): bytes = read
        case .failure(let error): return .failure(error)
        }
        guard let text = UTF8Text.decode(bytes), let pairs = FormBody.decodePairs(text) else {
            return .failure(.malformedBody)
        }
        return fields(
            pairs, accepted: endpoint.acceptedParameters,
            tolerated: strict ? NativeAuthEndpoint.sdkParameters : nil, endpoint: endpoint.path)
    }

    /// The body's bytes; 413 as soon as more than `limit` arrived (the rest is read and dropped, so that a
    /// client still sending can read the answer), 408 when it takes longer than `timeout`.
    static func read(
        _ body: RequestBody, limit: Int, timeout: Duration = .seconds(30)
    ) async -> Result<[UInt8], ServerError> {
        var bytes: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var iterator = body.makeAsyncIterator()
        do {
            while let buffer = try await iterator.next() {
                guard bytes.count + buffer.readableBytes <= limit else {
                    await drain(&iterator, upTo: drainLimit(limit))
                    return .failure(.bodyTooLarge(limit: limit))
                }
                bytes.append(contentsOf: buffer.readableBytesView)
                if ContinuousClock.now > deadline { return .failure(.bodyTimeout) }
            }
        } catch {
            return .failure(.malformedBody)
        }
        return .success(bytes)
    }

    /// How much of a refused body is read and dropped before answering: enough for ordinary clients that send
    /// the whole body before reading (up to 16 MiB), bounded so that a client cannot keep the server reading.
    static func drainLimit(_ limit: Int) -> Int {
        max(16 * 1024 * 1024, limit)
    }

    /// Reads and drops at most `maximum` more bytes of a body, for at most two seconds.
    static func drain(_ iterator: inout RequestBody.AsyncIterator, upTo maximum: Int) async {
        var dropped = 0
        let deadline = ContinuousClock.now + .seconds(2)
        do {
            while let buffer = try await iterator.next() {
                dropped += buffer.readableBytes
                if dropped > maximum || ContinuousClock.now > deadline { return }
            }
        } catch {
            return
        }
    }

    /// The pairs as a dictionary of the `accepted` names, whatever their order: a repeated name (any name) is
    /// refused. Other names are set aside as ignored when `tolerated` is nil; otherwise those not in
    /// `tolerated` (compared lowercased) are refused.
    static func fields(
        _ pairs: [(name: String, value: String)], accepted: Set<String>, tolerated: Set<String>?, endpoint: String
    ) -> Result<Fields, ServerError> {
        var result = Fields(parameters: [:], ignored: [])
        var seen: Set<String> = []
        for pair in pairs {
            guard seen.insert(pair.name).inserted else { return .failure(.duplicateParameter(pair.name)) }
            if accepted.contains(pair.name) {
                result.parameters[pair.name] = pair.value
            } else if let tolerated, !tolerated.contains(pair.name.lowercased()) {
                return .failure(.unknownParameter(pair.name, endpoint: endpoint))
            } else {
                result.ignored.append(pair.name)
            }
        }
        return .success(result)
    }

    /// `application/x-www-form-urlencoded`, optionally with `charset=utf-8` (any case, quoted or not).
    static func isFormContentType(_ value: String?) -> Bool {
        guard let value else { return false }
        if value == "application/x-www-form-urlencoded" { return true }  // what clients send, without parsing
        let parts = value.split(separator: ";", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard parts.first == "application/x-www-form-urlencoded" else { return false }
        for parameter in parts.dropFirst() where !parameter.isEmpty {
            let pieces = parameter.split(separator: "=", maxSplits: 1).map(String.init)
            guard pieces.count == 2 else { return false }
            let name = pieces[0].trimmingCharacters(in: .whitespaces)
            let argument = pieces[1].trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            if name == "charset" && !["utf-8", "utf8"].contains(argument) { return false }
        }
        return true
    }
}
