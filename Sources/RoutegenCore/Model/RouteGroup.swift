/// A `group Name auth|public` block: one resource, one `<Name>Endpoints` enum.
public struct RouteGroup: Hashable, Sendable {
    /// The group's name as written (`Books`).
    public var name: String
    /// The access every route of the group has unless it says otherwise.
    public var access: Access
    /// The `///` lines above the group, without the slashes and one leading space.
    public var documentation: [String]
    /// Where the group's name stands.
    public var location: SourceLocation
    /// Routes in file order.
    public var routes: [Route]
    /// `errors Type` on the group line: the error body of its routes that name none.
    public var errorBody: TypeReference? = nil

    /// Creates a group.
    public init(name: String, access: Access, documentation: [String], location: SourceLocation, routes: [Route]) {
        self.name = name
        self.access = access
        self.documentation = documentation
        self.location = location
        self.routes = routes
    }
}
