import Foundation
import Hummingbird
import NativeAuth

/// Reads the form body of a native-auth call: checks the content type and the size, decodes the fields and
/// refuses duplicate or unknown ones.
enum FormRequest {
    /// The fields of `request`'s body, or the answer explaining why there are none.
    static func parameters(
        of request: Request, endpoint: NativeAuthEndpoint, limit: Int
    ) async -> Result<[String: String], ServerError> {
        guard isFormContentType(request.headers[.contentType]) else { return .failure(.unsupportedContentType) }
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            return .failure(.bodyTooLarge(limit: limit))
        }
        let bytes: [UInt8]
        switch await read(request.body, limit: limit) {
        case .success(let read): bytes = read
        case .failure(let error): return .failure(error)
        }
        guard let text = String(validating: bytes, as: UTF8.self), let pairs = FormBody.decodePairs(text) else {
            return .failure(.malformedBody)
        }
        return fields(pairs, accepted: endpoint.acceptedParameters, endpoint: endpoint.path)
    }

    /// The body's bytes; 413 as soon as more than `limit` arrived.
    static func read(_ body: RequestBody, limit: Int) async -> Result<[UInt8], ServerError> {
        var bytes: [UInt8] = []
        do {
            for try await buffer in body {
                guard bytes.count + buffer.readableBytes <= limit else { return .failure(.bodyTooLarge(limit: limit)) }
                bytes.append(contentsOf: buffer.readableBytesView)
            }
        } catch {
            return .failure(.malformedBody)
        }
        return .success(bytes)
    }

    /// The pairs as a dictionary: the first unknown or repeated name is refused.
    static func fields(
        _ pairs: [(name: String, value: String)], accepted: Set<String>, endpoint: String
    ) -> Result<[String: String], ServerError> {
        var fields: [String: String] = [:]
        for pair in pairs {
            guard accepted.contains(pair.name) else {
                return .failure(.unknownParameter(pair.name, endpoint: endpoint))
            }
            guard fields.updateValue(pair.value, forKey: pair.name) == nil else {
                return .failure(.duplicateParameter(pair.name))
            }
        }
        return .success(fields)
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
