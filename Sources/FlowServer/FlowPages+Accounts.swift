extension FlowPages {
    /// The account the browser's account session (its `flowrun_account` cookie) carries, if any.
    func signedInAccount(_ cookies: Cookies) async -> SignedInAccount? {
        guard let value = cookies[accountCookie] else { return nil }
        return try? await accounts.account(value)
    }

    /// `page` with the cookie of a new account session when `record`, a session of the pages (not an authorize
    /// request's, which opens its own), has just ended signing in an account other than the browser's `signedIn`.
    func keepingAccount(
        of record: SessionRecord, besides signedIn: SignedInAccount?, _ page: PageContext
    ) async -> PageContext {
        guard record.authorization == nil, record.state == .ended, record.end?.kind == .success,
            let account = record.account, account != signedIn,
            let value = try? await accounts.open(account)
        else { return page }
        var page = page
        page.setCookies.append(accountCookie(value))
        return page
    }
}
