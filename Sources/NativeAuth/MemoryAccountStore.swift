/// An account store in memory, for tests and apps that keep nothing between runs.
public struct MemoryAccountStore: AccountStore {
    private let storage: Storage

    /// A store holding `account` (none by default).
    public init(account: CachedAccount? = nil) {
        storage = Storage(account: account)
    }

    public func load() async throws -> CachedAccount? {
        await storage.account
    }

    public func save(_ account: CachedAccount) async throws {
        await storage.replace(with: account)
    }

    public func remove() async throws {
        await storage.replace(with: nil)
    }

    private actor Storage {
        var account: CachedAccount?

        init(account: CachedAccount?) {
            self.account = account
        }

        func replace(with account: CachedAccount?) {
            self.account = account
        }
    }
}
