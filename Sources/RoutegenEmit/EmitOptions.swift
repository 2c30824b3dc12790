/// The access level every generated declaration gets: `--access public|internal|package`.
public enum AccessLevel: String, Hashable, Sendable, CaseIterable {
    /// `public`: the generated module is used from other modules (the default).
    case `public`
    /// `package`: visible inside the same package only.
    case `package`
    /// `internal`: the generated code is compiled into the module that uses it.
    case `internal`

    /// The keyword written before each declaration.
    public var keyword: String { rawValue }
}

/// Choices that change the emitted text; the route file and these options are all the
/// output depends on.
public struct EmitOptions: Hashable, Sendable {
    /// The access level of every generated declaration.
    public var accessLevel: AccessLevel
    /// The module the route-audit tests import to reach the generated sources; nil means
    /// `<Api>API`, the folder `generate` writes them to. The build plugin sets it to the
    /// target that compiles the sources.
    public var apiModule: String?
    /// How many files the declared types go into: nil, one per type (`Models/BookModel.swift`);
    /// a number, exactly that many (`Models/LibraryModels1.swift` ...), some perhaps empty, so
    /// the list of files does not depend on which types the route file declares. The build
    /// plugin needs that: SwiftPM re-reads a plugin's output list only when the package changes.
    public var modelFiles: Int?

    /// Creates options; the defaults are what `routegen generate` uses without flags.
    public init(accessLevel: AccessLevel = .public, apiModule: String? = nil, modelFiles: Int? = nil) {
        self.accessLevel = accessLevel
        self.apiModule = apiModule
        self.modelFiles = modelFiles
    }
}
