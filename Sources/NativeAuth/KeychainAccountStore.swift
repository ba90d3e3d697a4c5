#if canImport(Security)
    import Foundation
    import Security

    /// An account store in the Keychain, for apps on Apple platforms. The account is one generic-password item
    /// (`service`, `account`) whose data is the account as JSON, readable after the device's first unlock and
    /// never carried to another device by a backup (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`), so a
    /// background refresh can still read it.
    ///
    /// This file compiles only where the Security framework exists (macOS and iOS); Linux builds, and
    /// flowrun's own CI, which runs on Linux, do not compile it. Elsewhere use ``FileAccountStore``.
    public struct KeychainAccountStore: AccountStore {
        /// The item's service (`kSecAttrService`), usually the app's bundle identifier.
        public let service: String
        /// The item's account name (`kSecAttrAccount`).
        public let account: String
        /// The Keychain access group shared with other apps of the same team (`kSecAttrAccessGroup`), or `nil`
        /// for the app's own.
        public let accessGroup: String?

        /// A store in the item (`service`, `account`), in `accessGroup` when given.
        public init(service: String, account: String = "signed-in-account", accessGroup: String? = nil) {
            self.service = service
            self.account = account
            self.accessGroup = accessGroup
        }

        public func load() async throws -> CachedAccount? {
            var query = itemQuery
            query[kSecReturnData as String] = true
            query[kSecMatchLimit as String] = kSecMatchLimitOne
            var result: CFTypeRef?
            let status = SecItemCopyMatching(query as CFDictionary, &result)
            if status == errSecItemNotFound { return nil }
            guard status == errSecSuccess else { throw KeychainAccountStoreError(operation: "read", status: status) }
            guard let data = result as? Data else {
                throw KeychainAccountStoreError(operation: "read", status: errSecDecode)
            }
            return try CachedAccount(storedData: data)
        }

        public func save(_ account: CachedAccount) async throws {
            let data = try account.storedData()
            let contents: [String: Any] = [
                kSecValueData as String: data,
                kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
            ]
            var status = SecItemUpdate(itemQuery as CFDictionary, contents as CFDictionary)
            if status == errSecItemNotFound {
                let item = itemQuery.merging(contents) { _, new in new }
                status = SecItemAdd(item as CFDictionary, nil)
                // Another save added the item between the two calls: this one replaces it.
                if status == errSecDuplicateItem {
                    status = SecItemUpdate(itemQuery as CFDictionary, contents as CFDictionary)
                }
            }
            guard status == errSecSuccess else { throw KeychainAccountStoreError(operation: "save", status: status) }
        }

        public func remove() async throws {
            let status = SecItemDelete(itemQuery as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else {
                throw KeychainAccountStoreError(operation: "remove", status: status)
            }
        }

        /// The attributes that name the item.
        private var itemQuery: [String: Any] {
            var query: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword,
                kSecAttrService as String: service,
                kSecAttrAccount as String: account,
            ]
            if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
            return query
        }
    }

    /// A Keychain call of ``KeychainAccountStore`` failed.
    public struct KeychainAccountStoreError: Error, Sendable, Hashable, CustomStringConvertible {
        /// What the store was doing: `read`, `save` or `remove`.
        public var operation: String
        /// The Security framework's status code.
        public var status: OSStatus

        public var description: String {
            let message = SecCopyErrorMessageString(status, nil) as String? ?? "OSStatus \(status)"
            return "Cannot \(operation) the account in the Keychain: \(message)"
        }
    }
#endif
