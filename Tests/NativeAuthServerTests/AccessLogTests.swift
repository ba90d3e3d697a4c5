import Testing

@testable import NativeAuthServer

@Suite("Access log")
struct AccessLogTests {
    @Test("durations are numbers of milliseconds rounded to one decimal")
    func milliseconds() {
        #expect(AccessLog.milliseconds(.zero) == 0.0)
        #expect(AccessLog.milliseconds(.microseconds(12_340)) == 12.3)
        #expect(AccessLog.milliseconds(.microseconds(12_350)) == 12.4)
        #expect(AccessLog.milliseconds(.microseconds(49)) == 0.0)
        #expect(AccessLog.milliseconds(.microseconds(50)) == 0.1)
        #expect(AccessLog.milliseconds(.milliseconds(2_500)) == 2500.0)
        #expect(AccessLog.milliseconds(.seconds(3_600)) == 3600000.0)
    }

    @Test("5xx answers are logged at error, 4xx at notice, the rest at info")
    func levels() {
        #expect(AccessLog.level(200) == .info)
        #expect(AccessLog.level(303) == .info)
        #expect(AccessLog.level(400) == .notice)
        #expect(AccessLog.level(429) == .notice)
        #expect(AccessLog.level(500) == .error)
        #expect(AccessLog.level(503) == .error)
    }
}
