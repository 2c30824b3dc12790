/// One refresh per rejected credential: when twenty requests meet a 401 with the same token,
/// the provider is asked once and all twenty wait for its answer.
///
/// It remembers the last refresh of each scheme, finished or not, so a request whose 401 arrives
/// after the refresh ended still takes its answer instead of starting another. A 401 to any other
/// credential (the refreshed one among them) starts a new refresh.
actor CredentialRefresh {
    /// The last refresh per scheme: the credential it replaces and the provider's answer.
    private var latest: [AuthScheme: (rejected: Credential, answer: Task<Credential?, Never>)] = [:]

    /// The provider's replacement for `rejected`, asked for at most once per rejected credential.
    func refreshed(_ rejected: Credential, scheme: AuthScheme, provider: any CredentialProvider) async -> Credential? {
        if let last = latest[scheme], last.rejected == rejected {
            return await last.answer.value
        }
        // Unstructured, so one waiting request's cancellation does not cancel the others' refresh.
        let answer = Task { await provider.refreshedCredential(rejected: rejected, for: scheme) }
        latest[scheme] = (rejected, answer)
        return await answer.value
    }
}
