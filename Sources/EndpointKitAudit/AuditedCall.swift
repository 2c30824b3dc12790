#if canImport(Testing)
import EndpointKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// One call of a generated endpoint function, type-erased so one table holds every route.
public struct AuditedCall: Sendable {
    /// The exact URL, computed by routegen from the route file; nil when an argument's text is known only at run time.
    public let expectedURL: String?
    /// Header fields the arguments must set.
    public let expectedHeaders: [AuditHeader]
    private let build: @Sendable (URL) throws -> URLRequest
    private let prepare: @Sendable (URLSessionHTTPClient) async throws -> URLRequest

    /// Wraps the call `endpoint` makes; it is only run by the tests.
    public init<Response>(url: String?, headers: [AuditHeader] = [], _ endpoint: @escaping @Sendable () throws -> Endpoint<Response>) {
        expectedURL = url
        expectedHeaders = headers
        build = { baseURL in try endpoint().urlRequest(baseURL: baseURL) }
        prepare = { client in try await client.prepare(endpoint()) }
    }

    /// The request `urlRequest(baseURL:)` builds; nil after recording a missing sample as a known issue.
    public func urlRequest() throws -> URLRequest? {
        do {
            return try build(auditBaseURL)
        } catch let gap as MissingAuditSample {
            recordGap(gap)
            return nil
        }
    }

    /// The request `URLSessionHTTPClient` would send, credential included (`AuditCredentialProvider`),
    /// from its prepare step: nothing goes on the network. Nil after recording a missing sample as a known issue.
    public func preparedRequest() async throws -> URLRequest? {
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: auditBaseURL), credentialProvider: AuditCredentialProvider())
        do {
            return try await prepare(client)
        } catch let gap as MissingAuditSample {
            recordGap(gap)
            return nil
        }
    }

    /// The error building the request throws, or nil when it builds; a missing sample is recorded and returned.
    public func refusal() -> (any Error)? {
        do {
            _ = try build(auditBaseURL)
            return nil
        } catch let gap as MissingAuditSample {
            recordGap(gap)
            return gap
        } catch {
            return error
        }
    }

    /// The expected URL; when routegen could not compute it, records a known issue and returns nil.
    public func knownURL(of route: AuditedRoute) -> String? {
        if let expectedURL { return expectedURL }
        let comment = Comment(rawValue: "the URL of '\(route.name)' depends on a RouteAuditSample value; routegen cannot compute it")
        withKnownIssue { Issue.record(comment) }
        return nil
    }
}

/// Records a missing sample as a known issue that names the type: a visible gap, never a silent skip.
func recordGap(_ gap: MissingAuditSample) {
    let comment = Comment(rawValue: gap.description)
    withKnownIssue { Issue.record(comment) }
}
#endif
