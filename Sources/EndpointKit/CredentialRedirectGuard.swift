import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate that keeps the bearer token on its own origin across redirects.
///
/// URLSession follows 3xx answers by itself and copies the request's headers to the new request,
/// `Authorization` included, wherever `Location` points. A compromised or misconfigured API could
/// then send the user's token to any host. Like curl and the Fetch standard, redirects are still
/// followed, but `Authorization` is removed whenever the new URL's origin (scheme, host, port)
/// differs from the original request's. A same-origin redirect (`/v1/...` to `/v2/...`) keeps it.
final class CredentialRedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    /// Lets URLSession follow the redirect, with `Authorization` removed when the origin changes.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let origin = (task.originalRequest?.url).map(Self.origin(of:))
        completionHandler(Self.redirect(request, fromOrigin: origin))
    }

    /// `request` as it may be sent after a redirect away from `fromOrigin`: without
    /// `Authorization` when its origin differs (or the original origin is unknown).
    static func redirect(_ request: URLRequest, fromOrigin original: Origin?) -> URLRequest {
        guard let url = request.url, let original, origin(of: url) == original else {
            var stripped = request
            stripped.setValue(nil, forHTTPHeaderField: "Authorization")
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
