import Testing

@testable import NativeAuthServer

@Suite("Access log")
struct AccessLogTests {
    @Test("durations are written in milliseconds rounded to one decimal")
    func milliseconds() {
        #expect(AccessLog.milliseconds(.zero) == "0.0")
        #expect(AccessLog.milliseconds(.microseconds(12_340)) == "12.3")
        #expect(AccessLog.milliseconds(.microseconds(12_350)) == "12.4")
        #expect(AccessLog.milliseconds(.microseconds(49)) == "0.0")
        #expect(AccessLog.milliseconds(.microseconds(50)) == "0.1")
        #expect(AccessLog.milliseconds(.milliseconds(2_500)) == "2500.0")
        #expect(AccessLog.milliseconds(.seconds(3_600)) == "3600000.0")
    }
}
