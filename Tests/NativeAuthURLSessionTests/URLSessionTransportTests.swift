import Foundation
import NativeAuthWire
import Testing

@testable import NativeAuthURLSession

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport for apps: what it makes of an answer's body and headers, and how it fails when no answer comes.
@Suite struct URLSessionTransportTests {
    static let start = WireRequest(endpoint: .signUpStart, parameters: ["client_id": "c", "username": "a@b.c"])

    @Test func aBodyThatIsAJSONObjectIsKeptAndAnyOtherIsNot() {
        let object = URLSessionTransport.jsonObject(Data(#"{"error":"invalid_grant","error_codes":[50126]}"#.utf8))
        #expect(object?.keys.sorted() == ["error", "error_codes"])
        #expect(object?["error"]?.stringValue == "invalid_grant")
        for body in ["", "[1,2]", "\"text\"", "<html></html>", "{\"a\":"] {
            #expect(URLSessionTransport.jsonObject(Data(body.utf8)) == nil, "\(body)")
        }
    }

    @Test func headerNamesAreLowercased() throws {
        let url = try #require(URL(string: "http://127.0.0.1/contoso"))
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 400, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json", "Client-Request-Id": "abc"]))
        let headers = URLSessionTransport.headers(of: response)
        #expect(headers["content-type"] == "application/json")
        #expect(headers["client-request-id"] == "abc")
    }

    @Test func durationsBecomeFoundationIntervals() {
        #expect(Duration.seconds(30).seconds == 30)
        #expect(Duration.milliseconds(1500).seconds == 1.5)
    }

    @Test("a refused connection throws the transport's error, naming the request")
    func refusedConnection() async throws {
        let transport = URLSessionTransport(
            authority: try #require(URL(string: "http://127.0.0.1:1/contoso")), requestTimeout: .seconds(10))
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(Self.start) }
        #expect(error?.description.hasPrefix("POST /signup/v1.0/start") == true, "\(String(describing: error))")
    }

    @Test func aCancelledTaskSendsNothingAndThrowsCancellation() async throws {
        let transport = URLSessionTransport(authority: try #require(URL(string: "http://127.0.0.1:1/contoso")))
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(Self.start)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
