import RoutegenCore
import RoutegenLint

/// One difference between two versions of a route file, classified for the people who review it.
public struct APIChange: Hashable, Sendable {
    /// Who has to act on a change.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Existing clients break: they fail to compile against the new generated code, or send
        /// requests the server no longer accepts.
        case breaking
        /// Clients keep working, but a route lost its token requirement: someone should check it
        /// exposes nothing private.
        case securityReview = "security-review"
        /// Existing clients keep working.
        case nonBreaking = "non-breaking"

        /// Breaking first, then security review, then the rest.
        var rank: Int {
            switch self {
            case .breaking: 0
            case .securityReview: 1
            case .nonBreaking: 2
            }
        }
    }

    /// How the change is classified.
    public var kind: Kind
    /// The route it is about, `group.name` in the new file (the old one for a removal); nil for the
    /// API as a whole and for a declared type.
    public var route: String?
    /// The declared type it is about (`Book`); nil for the API as a whole and for a route.
    public var type: String?
    /// What changed, lower case, quoting names.
    public var message: String
    /// Where to look: in the new file, or in the old one for something that was removed.
    public var location: SourceLocation

    /// Creates a change about `route`, or about the declared `type`, or (both nil) the API.
    public init(kind: Kind, route: String?, type: String? = nil, message: String, location: SourceLocation) {
        self.kind = kind
        self.route = route
        self.type = type
        self.message = message
        self.location = location
    }
}
