import FlowEngine
import FlowModel
import FlowSessionSeal
import FlowrunFoundation
import Foundation

/// The flow runner behind the API: starts sessions of the served flows, answers their asks and cancels them.
/// Every request runs the session from one ask to the next with a fresh authority client, and stores the result;
/// nothing of a session lives in the process between requests, so any instance that shares the store can take
/// the next answer. Answers to one session are taken one at a time: one that arrives while another runs (in this
/// process, or in another server sharing the store) is refused (`Refusal.answerInProgress`), so that no two
/// answers run against the same state and the flow's attempt limits hold.
///
/// A secret the user gives (a password, a code) lives only while the request that carried it runs: the stored
/// session never holds it. A flow uses a secret in the action right after its ask, so this costs nothing; a flow
/// that asks a secret and uses it only after a later ask ends `failed`, saying which variable it lacked.
public struct FlowSessions: Sendable {
    public let flows: ServedFlows
    public let store: FlowSessionStore
    /// A fresh authority for each request (the embedded emulator's client, with an account cache of its own).
    public let authority: @Sendable () -> any Authority
    /// How long a session may wait for an answer before it expires.
    public var idleLimit: Duration
    /// The most sessions that may wait on an ask at once.
    public var sessionLimit: Int
    /// The most answers one session takes in a minute; more are refused until the minute has passed, so that
    /// no client can guess codes or passwords quickly through one session (the flow's attempt limits and the
    /// authority's own still apply).
    public var answersPerMinute: Int
    /// The longest an answer holds its session: a server that dies while taking an answer leaves the session to
    /// refuse others until then.
    public var answerLease: Duration = .seconds(120)
    /// How much an answer may carry and a stored session may hold.
    public var answerLimits: AnswerLimits
    /// The sessions one client address may start; shared by every copy of this value.
    public var addressLimit: AddressSessionLimit { ledger.limit }
    private let ledger: AddressSessionLedger
    var now: @Sendable () -> Date
    /// The sessions (by digest) taking an answer in this process.
    private let answering = AnswersInProgress()
    /// The sessions waiting on an ask, as last counted; shared by every copy of this value.
    private let waitingCount = WaitingCount()
    /// Told of every session started (`nil` before) and every session over (its record after), e.g. for metrics.
    public var observer: (@Sendable (_ before: SessionRecord.State?, _ after: SessionRecord) -> Void)?
    /// The account an authority (made by ``authority``) holds after a run; the sign-in pages issue their
    /// authorization codes for the one a session signed in. Nil: no session records an account.
    public var signedInAccount: (@Sendable (any Authority) async -> SignedInAccount?)?
    /// An authority (as ``authority`` makes) already signed in to an account, for the sessions a browser signed in
    /// on the sign-in pages starts and answers there, so that token and account flows run against that account;
    /// nil when none can be made. Nil: such sessions run with no one signed in.
    public var signedInAuthority: (@Sendable (SignedInAccount) async -> (any Authority)?)?

    public init(
        flows: ServedFlows, store: FlowSessionStore, authority: @escaping @Sendable () -> any Authority,
        idleLimit: Duration = .seconds(15 * 60), sessionLimit: Int = 10_000, answersPerMinute: Int = 30,
        answerLimits: AnswerLimits = .standard, addressLimit: AddressSessionLimit = .standard,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.answersPerMinute = answersPerMinute
        self.answerLimits = answerLimits
        self.ledger = AddressSessionLedger(addressLimit)
        self.flows = flows
        self.store = store
        self.authority = authority
        self.idleLimit = idleLimit
        self.sessionLimit = sessionLimit
        self.now = now
    }

    /// Why a request about a session could not be served.
    enum Refusal: Error, Equatable {
        case noSuchFlow(String)
        case noSuchSession
        case notAsking(SessionRecord.State)
        case conflict
        case full(String)
        /// The session took ``answersPerMinute`` answers in the last minute; the next is allowed after these seconds.
        case tooManyAnswers(retryAfter: Int)
        /// Another answer to the session is being taken.
        case answerInProgress
        /// The client's address is over its ``AddressSessionLimit``.
        case tooManyStarts(String, retryAfter: Int)
        /// The answer names an input the ask does not take; `suggestion` is the closest one it does, `asked`
        /// every one it does.
        case unknownInput(suggestion: String?, asked: [String])
        /// The start gives a param the flow does not declare; `suggestion` is the closest one it does, `declared`
        /// every one it does.
        case unknownParam(suggestion: String?, declared: [String])
        /// The answer (or the start's params) is over an ``AnswerLimits`` bound, named in the text.
        case answerTooLarge(String)
        /// The session would be stored larger than ``AnswerLimits/recordBytes``.
        case sessionTooLarge(String)
    }

    /// An authority signed in to `account` when one is given, `flow` uses the account (``ServedFlow/usesAccount``)
    /// and ``signedInAuthority`` makes it, else a fresh one: a flow that never asks for the account does not get
    /// tokens issued for it.
    private func authority(for flow: ServedFlow, signedInTo account: SignedInAccount?) async -> any Authority {
        if let account, flow.usesAccount, let signedIn = await signedInAuthority?(account) { return signedIn }
        return authority()
    }

    private var expiredBefore: Date {
        now().addingTimeInterval(-Double(idleLimit.components.seconds))
    }

    /// Starts a session of the flow `id` with `params` for `creator` (from the client `address`, when known), and
    /// runs it to its first ask (or its end), its texts in `locale` (nil: the flow's own), signed in to `account`
    /// unless it answers an authorize request.
    func start(
        _ id: String, params: [String: Value], creator: SessionCreator, address: String?,
        authorization: AuthorizationRequest? = nil, tokensFor: APITokenRequest? = nil, locale: String? = nil,
        account: SignedInAccount? = nil
    ) async throws -> SessionRecord {
        guard let flow = flows.flow(id) else { throw Refusal.noSuchFlow(id) }
        if let problem = answerLimits.problem(with: params) { throw Refusal.answerTooLarge(problem) }
        let declared = flow.program.params.map(\.name.value)
        if let unknown = params.keys.sorted().first(where: { !declared.contains($0) }) {
            throw Refusal.unknownParam(
                suggestion: Spelling.suggestion(for: unknown, among: declared), declared: declared)
        }
        // Refused before the flow runs, so that a refused start calls no authority; the insert checks again.
        let full = try await waitingCount.isFull(limit: sessionLimit, now: now()) {
            try await store.waiting(expiredBefore: expiredBefore)
        }
        guard !full else { throw Refusal.full(FlowSessionStoreError.full(sessionLimit).description) }
        let sessionID = SessionID.make()
        if let refusal = ledger.admit(sessionID, from: address, now: now(), expiredBefore: expiredBefore) {
            throw Refusal.tooManyStarts(refusal.reason, retryAfter: refusal.retryAfter)
        }
        // Counted as open by the ledger until it is known to be stored and waiting on an ask.
        var waiting = false
        defer { if !waiting { ledger.close(sessionID) } }
        let input = OneAnswer(nil)
        let messages = ShownMessages()
        let authority = await authority(for: flow, signedInTo: authorization == nil ? account : nil)
        let outcome = await runner(flow, locale: locale, authority: authority, input: input, messages: messages)
            .start(params: params)
        var record = Self.record(
            id: sessionID, flow: id, version: 1, outcome: outcome, input: input, messages: messages)
        record.creator = creator
        record.authorization = authorization
        record.tokensFor = tokensFor
        record.account = await signedInAccount?(authority)
        do {
            try await store.insert(
                record, now: now(), expiredBefore: expiredBefore, limit: sessionLimit,
                maxBytes: answerLimits.recordBytes)
        } catch let error as FlowSessionStoreError where error.isFull {
            throw Refusal.full(error.description)
        } catch let error as FlowSessionStoreError where error.isTooLarge {
            throw Refusal.sessionTooLarge(error.description)
        }
        waiting = record.state == .asking
        observer?(nil, record)
        return record
    }

    /// The session, unless it does not exist or expired.
    func session(_ id: String) async throws -> SessionRecord {
        guard SessionID.isWellFormed(id), let record = try await store.fetch(id, expiredBefore: expiredBefore) else {
            throw Refusal.noSuchSession
        }
        return record
    }

    /// Answers the session's ask and runs it to the next ask (or its end). A refused answer comes back as the same
    /// ask with the reason in `ask.problem`. Refused while another answer to the session runs, here or (through
    /// the store's mark) on another server. The texts of what follows are in `locale` (nil: the flow's own); it runs
    /// signed in to `account` unless the session answers an authorize request.
    func answer(
        _ id: String, with answer: InputAnswer, locale: String? = nil, account: SignedInAccount? = nil
    ) async throws -> SessionRecord {
        if case .values(let values) = answer, let problem = answerLimits.problem(with: values) {
            throw Refusal.answerTooLarge(problem)
        }
        if case .choice(let choice) = answer, choice.count > answerLimits.valueLength {
            throw Refusal.answerTooLarge("a choice is at most \(answerLimits.valueLength) characters")
        }
        let key = SecretDigest.hex(id)
        guard answering.begin(key) else { throw Refusal.answerInProgress }
        defer { answering.end(key) }
        guard SessionID.isWellFormed(id) else { throw Refusal.noSuchSession }
        let lease = now().addingTimeInterval(Double(answerLease.components.seconds))
        let taken: (record: SessionRecord, claimed: Bool)?
        do {
            taken = try await store.claimForAnswer(id, expiredBefore: expiredBefore, now: now(), until: lease)
        } catch is FlowSessionStore.AnswerHeld {
            throw Refusal.answerInProgress
        }
        guard let taken else { throw Refusal.noSuchSession }
        let (record, claimed) = taken
        guard record.state == .asking, let session = record.session else {
            try await refuse(.notAsking(record.state), releasing: claimed ? record : nil)
        }
        if case .values(let values) = answer, let asked = record.ask?.fields.map(\.name),
            let unknown = values.keys.sorted().first(where: { !asked.contains($0) })
        {
            try await refuse(
                .unknownInput(suggestion: Spelling.suggestion(for: unknown, among: asked), asked: asked),
                releasing: claimed ? record : nil)
        }
        let time = now().timeIntervalSince1970
        let recent = (record.answeredAt ?? []).filter { $0 > time - 60 }
        if recent.count >= answersPerMinute, let oldest = recent.min() {
            try await refuse(
                .tooManyAnswers(retryAfter: max(1, Int((oldest + 60 - time).rounded(.up)))),
                releasing: claimed ? record : nil)
        }
        guard let flow = flows.flow(record.flow) else {
            return try await finish(record, failure: "the flow `\(record.flow)` is no longer served")
        }
        if !claimed {
            guard try await store.claim(record, now: now(), until: lease) else { throw Refusal.answerInProgress }
        }
        let input = OneAnswer(answer)
        let messages = ShownMessages()
        let authority = await authority(for: flow, signedInTo: record.authorization == nil ? account : nil)
        let outcome = await runner(flow, locale: locale, authority: authority, input: input, messages: messages)
            .resume(session)
        var next = Self.record(
            id: id, flow: record.flow, version: record.version + 1, outcome: outcome, input: input,
            messages: messages)
        next.answeredAt = recent + [time]
        next.creator = record.creator
        next.authorization = record.authorization
        next.tokensFor = record.tokensFor
        // A flow may sign in at one answer and end at a later one.
        if let account = await signedInAccount?(authority) {
            next.account = account
        } else {
            next.account = record.account
        }
        if case .values = answer, next.state == .asking, !next.messages.isEmpty {
            next.refused = messages.lastOutcomeIsError(in: flow.program)
        }
        do {
            guard try await store.replace(next, now: now(), maxBytes: answerLimits.recordBytes) else {
                throw Refusal.conflict
            }
        } catch let error as FlowSessionStoreError where error.isTooLarge {
            // The session stays as it was; storing it again ends this answer's mark.
            var unchanged = record
            unchanged.version += 1
            _ = try await store.replace(unchanged, now: now())
            throw Refusal.sessionTooLarge(error.description)
        }
        if next.state == .asking {
            ledger.touch(id, now: now())
        } else {
            ledger.close(id)
            observer?(.asking, next)
        }
        return next
    }

    /// Throws `refusal`, first ending the mark this answer took on `claimed` (by storing it again unchanged).
    private func refuse(_ refusal: Refusal, releasing claimed: SessionRecord?) async throws -> Never {
        if var unchanged = claimed {
            unchanged.version += 1
            _ = try await store.replace(unchanged, now: now())
        }
        throw refusal
    }

    /// Cancels a session that waits on an ask. Kept as cancelled for its end page, or `removed` from the store
    /// (an API client's `DELETE`: the session is gone, reads answer 404); the cancelled record either way.
    func cancel(_ id: String, removed: Bool = false) async throws -> SessionRecord {
        var record = try await session(id)
        guard record.state == .asking else { throw Refusal.notAsking(record.state) }
        let stored = record
        record.state = .cancelled
        record.session = nil
        record.ask = nil
        record.messages = []
        record.version += 1
        let done = try await removed ? store.delete(stored) : store.replace(record, now: now())
        guard done else { throw Refusal.conflict }
        ledger.close(id)
        observer?(.asking, record)
        return record
    }

    private func finish(_ record: SessionRecord, failure reason: String) async throws -> SessionRecord {
        var record = record
        record.state = .failed
        record.reason = reason
        record.session = nil
        record.ask = nil
        record.version += 1
        guard try await store.replace(record, now: now()) else { throw Refusal.conflict }
        ledger.close(record.id)
        observer?(.asking, record)
        return record
    }

    /// Marks the session's authorize request answered; false when another request answered it first (or the
    /// session has none), so that one session yields at most one authorization code.
    func completeAuthorization(of record: SessionRecord) async throws -> Bool {
        guard record.authorization != nil else { return false }
        var completed = record
        completed.authorization = nil
        completed.version += 1
        return try await store.replace(completed, now: now())
    }

    /// Marks the tokens of the session's flow API client handed over; false when another request did first (or
    /// the session has no such client), so that the tokens are answered at most once.
    func claimTokens(of record: SessionRecord) async throws -> Bool {
        guard record.tokensFor != nil else { return false }
        var claimed = record
        claimed.tokensFor = nil
        claimed.version += 1
        return try await store.replace(claimed, now: now())
    }

    func runner(
        _ flow: ServedFlow, locale: String?, authority: any Authority, input: OneAnswer, messages: ShownMessages
    ) -> FlowRunner {
        FlowRunner(
            program: flow.program(in: locale), digest: flow.digest,
            authority: CatalogTextAuthority.wrapping(authority, in: locale), inputs: input,
            observer: { messages.observe($0) })
    }

    /// The stored form of where a run stopped.
    static func record(
        id: String, flow: String, version: Int, outcome: RunOutcome, input: OneAnswer, messages: ShownMessages
    ) -> SessionRecord {
        var record = SessionRecord(
            id: id, flow: flow, state: .asking, messages: messages.all, version: version)
        switch outcome {
        case .suspended(let session):
            record.session = session
            record.ask = input.suspendedAt
        case .ended(let end):
            record.state = .ended
            record.end = end
        case .cancelled:
            record.state = .cancelled
        case .failed(let error):
            record.state = .failed
            record.reason = error.message
        }
        return record
    }
}
