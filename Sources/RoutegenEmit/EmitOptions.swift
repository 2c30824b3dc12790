import RoutegenCore

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

    /// What a type or protocol declared at the top of a generated file starts with: the access
    /// keyword, then `nonisolated` (see `TopLevel`).
    public var topLevelModifiers: String { keyword + " " + TopLevel.nonisolated }
}

/// How generated files declare their top-level types, protocols and extensions.
///
/// Each is `nonisolated`: in a target whose default isolation is the main actor (Xcode 26's new
/// app projects: `.defaultIsolation(MainActor.self)`), an unmarked type would be main-actor
/// isolated, its `Decodable` conformance with it, and `Endpoint<Book>` needs a conformance a
/// `Sendable` type parameter can use. Marked, models decode off the main actor and endpoints are
/// built anywhere; in a target without that setting the modifier changes nothing.
public enum TopLevel {
    /// The modifier.
    public static let nonisolated = "nonisolated"

    /// `nonisolated extension Book`, with what follows the keyword.
    public static func extensionHead(_ rest: String) -> String {
        nonisolated + " extension " + rest
    }
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
    /// Whether a declaration that comes from a route line stands in a `#sourceLocation` region
    /// naming the route file, so the compiler reports a misspelt type at the route's line. Off
    /// for an API imported from a description in the same run: its route text is on no disk,
    /// and the description's lines are not the route text's.
    public var mapsRouteLines: Bool

    /// Creates options; the defaults are what `routegen generate` uses without flags.
    public init(accessLevel: AccessLevel = .public, apiModule: String? = nil, modelFiles: ModelFileLayout = .standard, mapsRouteLines: Bool = true) {
        self.accessLevel = accessLevel
        self.apiModule = apiModule
        self.modelFiles = modelFiles
        self.mapsRouteLines = mapsRouteLines
    }

    /// The route file `#sourceLocation` regions name for `api`, or nil when they are not written.
    func routeLinesPath(of api: APIModel) -> String? {
        mapsRouteLines ? api.sourcePath : nil
    }
}

/// Which files the declared types of a route file go into.
///
/// Beside the routes that use them, not in a folder of their own: the Swift driver's batch mode
/// cuts a module's files, in path order, into consecutive runs of at most 25 (at least one run
/// per job) and compiles each run in one process, so types kept together in a few files all land
/// in one run and on one core. The imported Box API (935 types) compiled in 52-56 s with its types in eight
/// files under `Models/`, in 30-33 s with those files spread among the groups' files.
public enum ModelFileLayout: Hashable, Sendable {
    /// `<Api>API/<Group>Models.swift`, beside `<Group>Endpoints.swift`, for the types the group's
    /// routes are the first to name (directly or through other types), a type no route names with
    /// the type declared before it, and `<Api>API/<Api>Models.swift` when no route names any type;
    /// each in file order. Only files that hold a type, unless
    /// `everyFile`: then one for every group and the API, some perhaps empty, so the list of files
    /// depends on the group names alone (the build plugin's need: it declares its output files
    /// from the `api` and `group` names, before any type is placed).
    case perGroup(everyFile: Bool)
    /// Exactly `count` files, `Models/LibraryModels1.swift` ..., holding consecutive runs of the
    /// types in file order, some perhaps empty, written even when no type is declared.
    case fixed(count: Int)
    /// One file per type, `Models/BookModel.swift`.
    case perType

    /// What `routegen generate` does without `--model-files`: the types beside their groups.
    public static let standard = ModelFileLayout.perGroup(everyFile: false)

    /// Whether the files (and the model audit tests) are written when no type is declared.
    public var writesFilesWithoutTypes: Bool {
        switch self {
        case .perGroup(let everyFile): everyFile
        case .fixed: true
        case .perType: false
        }
    }
}
