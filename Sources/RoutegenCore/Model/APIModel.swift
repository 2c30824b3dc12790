/// A checked route file: what the resolver produces and every later stage reads.
///
/// Every node carries the location of the text it came from, so lint findings and
/// generated `#sourceLocation` lines point at the user's file.
public struct APIModel: Hashable, Sendable {
    /// The API's name (`Library`); names the route table and the generated folders.
    public var name: String
    /// Where the name stands on the `api` line.
    public var location: SourceLocation
    /// The route file's path, exactly as given.
    public var sourcePath: String
    /// Modules the generated code imports, in file order.
    public var imports: [ImportDeclaration]
    /// Groups in file order.
    public var groups: [RouteGroup]
    /// Types declared in the file (`model`, `enum`, `patch`, `union`), in file order.
    public var types: [TypeDeclaration]
    /// The credential schemes the `auth` lines declare, in file order; empty means the default bearer token.
    public var authSchemes: [AuthSchemeSpec]
    /// The types the target's own code declares that the file names (`external Money`), in file order.
    public var externalTypes: [ExternalType] = []
    /// The servers the `server` lines declare, in file order; the first is the API's default.
    public var servers: [ServerSpec] = []

    /// Creates a model.
    public init(name: String, location: SourceLocation, sourcePath: String, imports: [ImportDeclaration], groups: [RouteGroup], types: [TypeDeclaration] = [], authSchemes: [AuthSchemeSpec] = []) {
        self.authSchemes = authSchemes
        self.name = name
        self.location = location
        self.sourcePath = sourcePath
        self.imports = imports
        self.groups = groups
        self.types = types
    }

    /// The declared type named `name`, if any: a search, for a lookup or two (see `typesByName()`).
    public func type(named name: String) -> TypeDeclaration? {
        types.first { $0.name == name }
    }

    /// Each declared type by its name, the first declaration where two share one (as
    /// `type(named:)` finds it): for a caller that looks up many, built in one pass.
    public func typesByName() -> [String: TypeDeclaration] {
        var byName: [String: TypeDeclaration] = [:]
        byName.reserveCapacity(types.count)
        for type in types where byName[type.name] == nil { byName[type.name] = type }
        return byName
    }

    /// Every route of every group, in file order.
    public var routes: [Route] { groups.flatMap(\.routes) }
}

/// An `external Type` line: a type of the target's own code, which the generated code names
/// without declaring or importing it.
public struct ExternalType: Hashable, Sendable {
    /// The type's name.
    public var name: String
    /// Where the name stands.
    public var location: SourceLocation

    /// Creates an external type.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// An `import Module` line.
public struct ImportDeclaration: Hashable, Sendable {
    /// The module name.
    public var module: String
    /// Where the module name stands.
    public var location: SourceLocation

    /// Creates an import.
    public init(module: String, location: SourceLocation) {
        self.module = module
        self.location = location
    }
}

/// Whether a route needs the bearer token.
public enum Access: String, Hashable, Sendable, CaseIterable {
    /// `auth`: the client attaches the token.
    case authenticated = "auth"
    /// `public`: the client never attaches the token.
    case `public` = "public"

    /// Whether the generated endpoint sets `requiresAuthentication`.
    public var requiresAuthentication: Bool { self == .authenticated }
}
