@testable import EndpointKit
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The origin rule behind `CredentialRedirectGuard`, case by case (the wire tests cover the delegate).
@Suite struct AttackRedirectOriginTests {
    /// A request to `url` carrying a bearer token.
    private func authorized(_ url: String) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        return request
    }

    private func origin(_ url: String) -> CredentialRedirectGuard.Origin {
        CredentialRedirectGuard.origin(of: URL(string: url)!)
    }

    @Test func sameOriginIgnoresHostCaseAndTheDefaultPort() {
        let redirected = CredentialRedirectGuard.redirect(authorized("http://API.example:80/v2/books"), fromOrigin: origin("http://api.example/v1/books"))
        #expect(redirected.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }

    @Test func downgradeFromHTTPSToHTTPOnTheSameHostDropsTheToken() {
        let redirected = CredentialRedirectGuard.redirect(authorized("http://api.example/v1/books"), fromOrigin: origin("https://api.example/v1/books"))
        #expect(redirected.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func subdomainIsAnotherOriginAndDropsTheToken() {
        let redirected = CredentialRedirectGuard.redirect(authorized("https://cdn.api.example/b"), fromOrigin: origin("https://api.example/b"))
        #expect(redirected.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func unknownOriginalOriginDropsTheToken() {
        let redirected = CredentialRedirectGuard.redirect(authorized("https://api.example/b"), fromOrigin: nil)
        #expect(redirected.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func redirectKeepsEveryOtherHeader() {
        var request = authorized("https://evil.example/b")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let redirected = CredentialRedirectGuard.redirect(request, fromOrigin: origin("https://api.example/b"))
        #expect(redirected.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func crossOriginRedirectDropsEveryRegisteredHeaderAndQueryCredential() {
        var request = authorized("https://evil.example/b?fields=title&key=s3cret&key2=x")
        request.setValue("s3cret", forHTTPHeaderField: "X-Vault-Token")
        let redirected = CredentialRedirectGuard.redirect(request, fromOrigin: origin("https://api.example/b"), headers: ["X-Vault-Token"], queryItems: ["key"])
        #expect(redirected.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(redirected.value(forHTTPHeaderField: "X-Vault-Token") == nil)
        #expect(redirected.url?.absoluteString == "https://evil.example/b?fields=title&key2=x")
    }

    @Test func sameOriginRedirectKeepsRegisteredCredentials() {
        var request = authorized("https://api.example/v2?key=s3cret")
        request.setValue("s3cret", forHTTPHeaderField: "X-Vault-Token")
        let redirected = CredentialRedirectGuard.redirect(request, fromOrigin: origin("https://api.example/v1"), headers: ["X-Vault-Token"], queryItems: ["key"])
        #expect(redirected.value(forHTTPHeaderField: "X-Vault-Token") == "s3cret")
        #expect(redirected.url?.absoluteString == "https://api.example/v2?key=s3cret")
    }
}
