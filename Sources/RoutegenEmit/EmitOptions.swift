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
    /// Which files the declared types go into (`--model-files`).
    public var modelFiles: ModelFileLayout

    /// Creates options; the defaults are what `routegen generate` uses without flags.
    public init(accessLevel: AccessLevel = .public, apiModule: String? = nil, modelFiles: ModelFileLayout = .standard) {
        self.accessLevel = accessLevel
        self.apiModule = apiModule
        self.modelFiles = modelFiles
    }
}

/// Which files the declared types of a route file go into.
///
/// A few files, not one per type: creating a file costs more than writing its text (500 types
/// in 500 files spent most of a run in the file system), and a handful of files is still enough
/// for batch compilation to keep every core busy.
public enum ModelFileLayout: Hashable, Sendable {
    /// Up to `count` files, `Models/LibraryModels1.swift` ..., holding consecutive runs of the
    /// types in file order (a type and its patch usually stay together); none when the route file
    /// declares no type. With fewer types than files, one type per file.
    case spread(count: Int)
    /// Exactly `count` files, some perhaps empty, written even when no type is declared, so the
    /// list of files does not depend on the route file. The build plugin needs that: SwiftPM
    /// re-reads a plugin's output list only when the package changes.
    case fixed(count: Int)
    /// One file per type, `Models/BookModel.swift`.
    case perType

    /// What `routegen generate` does without `--model-files`: eight files at most.
    public static let standard = ModelFileLayout.spread(count: 8)

    /// Whether the files (and the model audit tests) are written when no type is declared.
    public var writesFilesWithoutTypes: Bool {
        if case .fixed = self { return true }
        return false
    }
}
