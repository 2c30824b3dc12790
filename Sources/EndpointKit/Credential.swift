import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How an authenticated route carries its credential: a name the route file gave it and a place
/// on the request. Generated code passes one per authenticated route (`Endpoint.auth`), so a
/// `CredentialProvider` can tell the schemes of an API apart by `name` or by `placement`.
public struct AuthScheme: Sendable, Hashable, CustomStringConvertible {
    /// Where the credential goes on the request.
    public enum Placement: Sendable, Hashable {
        /// `Authorization: Bearer <token>`.
        case bearer
        /// `Authorization: Basic base64(user:password)` (RFC 7617, UTF-8).
        case basic
        /// `<name>: <prefix><token>`, such as `X-Vault-Token: <token>` or `Authorization: Token token=<token>`.
        case header(name: String, prefix: String = "")
        /// A query item `<name>=<token>` appended to the URL, strictly percent-encoded.
        case query(name: String)
    }

    /// The scheme's name: the route file's `auth <name> = ...`, or the placement's word (`bearer`, `basic`, `header`, `query`) for an unnamed scheme.
    public var name: String
    /// Where the credential goes.
    public var placement: Placement

    /// Creates a scheme.
    public init(name: String, placement: Placement) {
        self.name = name
        self.placement = placement
    }

    /// The default scheme, `Authorization: Bearer <token>`: what `requiresAuthentication: true` means.
    public static let bearer = AuthScheme(name: "bearer", placement: .bearer)

    /// The scheme as the route file writes it: `bearer`, `header X-Vault-Token`, `query key`; prefixed with `name = ` when named otherwise.
    public var description: String {
        let text: String = switch placement {
        case .bearer: "bearer"
        case .basic: "basic"
        case .header(let header, let prefix): "header " + header + (prefix.isEmpty ? "" : " prefix \"" + prefix + "\"")
        case .query(let item): "query " + item
        }
        let word = text.prefix { $0 != " " }
        return name == word ? text : name + " = " + text
    }
}

/// A credential a `CredentialProvider` hands the client for one scheme.
///
/// A `.token` sent with a `basic` scheme is the user name with an empty password (`token:`, the
/// convention of APIs that issue a key, such as Stripe). A `.basic` credential fits only a
/// `basic` scheme: for a bearer, header or query scheme the request is refused with
/// `EndpointError.invalidHeader`, since no single text stands for a user and a password.
public enum Credential: Sendable, Hashable {
    /// A token, sent as the scheme places it.
    case token(String)
    /// A user name and password for HTTP Basic.
    case basic(user: String, password: String)
}

/// Supplies the credential for each scheme of the routes that require authentication.
///
/// The client asks only for routes that require authentication, once per request, with the
/// route's scheme; nil sends the request without a credential.
public protocol CredentialProvider: Sendable {
    /// The credential for `scheme`, or nil when there is none (signed out).
    func credential(for scheme: AuthScheme) async -> Credential?

    /// A new credential for `scheme` after the server answered 401 to `rejected`, or nil to give
    /// up (the default: no refresh). The client asks once per rejected credential and scheme,
    /// however many requests met the 401, and resends each of them once with the answer;
    /// `credential(for:)` should return it from then on.
    func refreshedCredential(rejected: Credential, for scheme: AuthScheme) async -> Credential?
}

extension CredentialProvider {
    /// No refresh: a 401 fails the request.
    public func refreshedCredential(rejected: Credential, for scheme: AuthScheme) async -> Credential? { nil }
}

/// A `TokenProvider` as a `CredentialProvider`: its token is the `.token` of every scheme.
struct TokenCredentialProvider: CredentialProvider {
    let tokenProvider: any TokenProvider

    func credential(for scheme: AuthScheme) async -> Credential? {
        await tokenProvider.currentToken().map(Credential.token)
    }

    func refreshedCredential(rejected: Credential, for scheme: AuthScheme) async -> Credential? {
        guard case .token(let token) = rejected else { return nil }
        return await tokenProvider.refreshedToken(rejected: token).map(Credential.token)
    }
}

/// Where a credential went on a prepared request: what the redirect guard strips and what
/// logged text must not show.
struct AppliedCredential {
    /// The credential itself: what a 401 rejected, when the client asks for a refreshed one.
    var credential: Credential
    /// The scheme it was sent as: the one a refresh is asked for.
    var scheme: AuthScheme
    /// The header field that carries it, or nil for a query credential.
    var header: String?
    /// The query item's name, or nil for a header credential.
    var queryItem: String?
    /// The texts that must not appear in a log line: the token and its percent-encoded form.
    var secrets: [String]

    /// `text` with every secret replaced by `<credential>`.
    func redacting(_ text: String) -> String {
        secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacingOccurrences(of: $1, with: "<credential>") }
    }

    /// Puts `credential` on `request` as `scheme` says; throws `EndpointError.invalidHeader`
    /// (with the header's or query item's name) for a credential that does not fit or holds CR, LF or NUL.
    static func apply(_ credential: Credential, scheme: AuthScheme, to request: inout URLRequest) throws -> AppliedCredential {
        let breaksLine: (Unicode.Scalar) -> Bool = { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        func checked(_ text: String, name: String) throws -> String {
            guard !text.unicodeScalars.contains(where: breaksLine) else { throw EndpointError.invalidHeader(name) }
            return text
        }
        func token(for name: String) throws -> String {
            guard case .token(let token) = credential else { throw EndpointError.invalidHeader(name) }
            return try checked(token, name: name)
        }
        switch scheme.placement {
        case .bearer:
            let token = try token(for: "Authorization")
            request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
            return AppliedCredential(credential: credential, scheme: scheme, header: "Authorization", queryItem: nil, secrets: [token])
        case .basic:
            let (user, password): (String, String) = switch credential {
            case .token(let token): (token, "")
            case .basic(let user, let password): (user, password)
            }
            guard !user.contains(":") else { throw EndpointError.invalidHeader("Authorization") }
            let pair = try checked(user, name: "Authorization") + ":" + checked(password, name: "Authorization")
            let encoded = Data(pair.utf8).base64EncodedString()
            request.setValue("Basic " + encoded, forHTTPHeaderField: "Authorization")
            // A user name is no secret, unless it is a key sent as one.
            let secrets = if case .token = credential { [encoded, user] } else { [encoded, password] }
            return AppliedCredential(credential: credential, scheme: scheme, header: "Authorization", queryItem: nil, secrets: secrets)
        case .header(let name, let prefix):
            let token = try token(for: name)
            request.setValue(try checked(prefix, name: name) + token, forHTTPHeaderField: name)
            return AppliedCredential(credential: credential, scheme: scheme, header: name, queryItem: nil, secrets: [token])
        case .query(let name):
            let token = try token(for: name)
            guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                throw EndpointError.invalidHeader(name)
            }
            let encoded = PercentEncoding.encode(token)
            let item = PercentEncoding.encode(name) + "=" + encoded
            components.percentEncodedQuery = components.percentEncodedQuery.map { $0 + "&" + item } ?? item
            request.url = components.url
            return AppliedCredential(credential: credential, scheme: scheme, header: nil, queryItem: name, secrets: [token, encoded])
        }
    }
}
