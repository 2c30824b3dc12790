import EndpointKit

public struct Place: Codable, Sendable, Hashable {
    public var name: String
    public init(name: String) { self.name = name }
}
