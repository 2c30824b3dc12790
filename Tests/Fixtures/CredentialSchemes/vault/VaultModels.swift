import EndpointKit

public struct Secret: Codable, Sendable, Hashable, RouteAuditSample {
    public var data: [String: String]
    public init(data: [String: String]) { self.data = data }
    public static var auditSample: Secret { Secret(data: ["k": "v"]) }
}
