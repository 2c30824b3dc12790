import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate that keeps every credential on its own origin across redirects.
///
/// URLSession follows 3xx answers by itself and copies the request's headers to the new request,
/// `Authorization` included, wherever `Location` points. A compromised or misconfigured API could
/// then send the user's token to any host. Like curl and the Fetch standard, redirects are still
/// followed, but `Authorization` and every header a credential scheme of this client used
/// (`X-Vault-Token`) are removed whenever the new URL's origin (scheme, host, port) differs from
/// the original request's, and so is every query item a query scheme used (`?key=`), should the
/// new URL carry it. A same-origin redirect (`/v1/...` to `/v2/...`) keeps them. The delegate
/// serves one client's session, which tells it those names as it attaches credentials.
///
/// `@unchecked Sendable`: its only mutable state, `headers` and `queryItems`, is read and written
/// with `lock` held, and NSObject adds none that this class touches.
final class CredentialRedirectGuard: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// Guards `headers` and `queryItems`.
    private let lock = NSLock()
    /// Header fields a credential was sent in, besides `Authorization`, sorted.
    private var headers: [String] = []
    /// Query item names a credential was sent in, sorted.
    private var queryItems: [String] = []

    /// Remembers where a credential went, so a redirect to another origin strips it.
    func register(_ credential: AppliedCredential) {
        lock.lock()
        defer { lock.unlock() }
        if let header = credential.header, header.lowercased() != "authorization", !headers.contains(where: { $0.lowercased() == header.lowercased() }) {
            headers.append(header)
            headers.sort()
        }
        if let item = credential.queryItem, !queryItems.contains(item) {
            queryItems.append(item)
            queryItems.sort()
        }
    }

    /// The header and query names registered so far.
    private var registered: (headers: [String], queryItems: [String]) {
        lock.lock()
        defer { lock.unlock() }
        return (headers, queryItems)
    }

    /// Lets URLSession follow the redirect, with `Authorization` removed when the origin changes.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let origin = (task.originalRequest?.url).map(Self.origin(of:))
        let names = registered
        completionHandler(Self.redirect(request, fromOrigin: origin, headers: names.headers, queryItems: names.queryItems))
    }

    /// `request` as it may be sent after a redirect away from `fromOrigin`: without
    /// `Authorization`, the `headers` and the query items named `queryItems` when its origin
    /// differs (or the original origin is unknown).
    static func redirect(_ request: URLRequest, fromOrigin original: Origin?, headers: [String] = [], queryItems: [String] = []) -> URLRequest {
        guard let url = request.url, let original, origin(of: url) == original else {
            var stripped = request
            for header in ["Authorization"] + headers {
                stripped.setValue(nil, forHTTPHeaderField: header)
            }
            if !queryItems.isEmpty, let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
               let query = components.percentEncodedQuery {
                let encodedNames = Set(queryItems.map(PercentEncoding.encode))
                let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { pair in
                    let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                    return !encodedNames.contains(name) && !queryItems.contains(name.removingPercentEncoding ?? name)
                }
                components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
                stripped.url = components.url ?? url
            }
            return stripped
        }
        return request
    }

    /// Scheme, host and port, lower-cased, with the scheme's default port filled in.
    struct Origin: Equatable {
        let scheme: String
        let host: String
        let port: Int?
    }

    /// The origin of `url`: `http://API.example/x` and `http://api.example:80/y` are the same one.
    static func origin(of url: URL) -> Origin {
        let scheme = url.scheme?.lowercased() ?? ""
        let defaultPort: Int? = switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
        return Origin(scheme: scheme, host: url.host?.lowercased() ?? "", port: url.port ?? defaultPort)
    }
}
