import RoutegenCore

/// The imports of one generated file, each module once in the order added, and which of them
/// the file's public declarations expose.
///
/// Generated code compiles with and without `InternalImportsByDefault`: where the access is
/// `public` or `package`, a module whose types a declaration of that access names (a property's
/// type, a conformance) is imported with the same access (`public import EndpointKit`), and
/// every other module plainly, since the compiler warns about a `public import` that no public
/// declaration uses. For `internal` code every import is plain.
struct ImportList {
    private var modules: [String] = []
    private var exposed: Set<String> = []
    /// Modules imported `@testable` (an `internal` API seen from its companion and its tests).
    private var testable: Set<String> = []

    /// A list of `modules`, none exposed yet.
    init(_ modules: [String] = []) {
        for module in modules { add(module) }
    }

    /// Adds `module` at the end unless it is there already.
    mutating func add(_ module: String, testable isTestable: Bool = false) {
        if !modules.contains(module) { modules.append(module) }
        if isTestable { testable.insert(module) }
    }

    /// Marks `module` as named by a public declaration of the file, adding it if needed.
    mutating func expose(_ module: String) {
        add(module)
        exposed.insert(module)
    }

    /// Marks the modules whose types `types` name as exposed (see `TypeOrigins`); `declaredIn` is
    /// the module of the API's declared types (nil inside that module), and `genericParameters`
    /// the names that stand for a type argument where `types` are written.
    mutating func expose(namesIn types: [TypeReference], origins: TypeOrigins, declaredIn: String?, genericParameters: [String] = []) {
        for name in types.flatMap(\.names) where !genericParameters.contains(name) {
            for module in origins.modules(of: name, declaredIn: declaredIn) { expose(module) }
        }
    }

    /// This list, then `other`'s modules it lacks, each exposed or `@testable` as either says.
    func merging(_ other: ImportList) -> ImportList {
        var merged = self
        for module in other.modules { merged.add(module, testable: other.testable.contains(module)) }
        merged.exposed.formUnion(other.exposed)
        return merged
    }

    /// The import lines for code of `access`.
    func lines(access: AccessLevel) -> [String] {
        modules.map { module in
            let modifier = access != .internal && exposed.contains(module) ? access.keyword + " " : ""
            return (testable.contains(module) ? "@testable " : "") + modifier + "import " + module
        }
    }
}

/// Which module each type name an API's generated code writes comes from, as far as the
/// generator can tell without the compiler.
struct TypeOrigins: Sendable {
    private let declaredNames: Set<String>
    private let importedModules: [String]

    /// The origins of the names `api` uses: its declared and external types and the route file's imports.
    init(api: APIModel) {
        // A type the target's own code declares (`external`) lives where the declared ones do.
        declaredNames = Set(api.types.map(\.name) + api.externalTypes.map(\.name))
        importedModules = api.imports.map(\.module)
    }

    /// The modules to import for `name`: a known type's module (`Date` is Foundation's, `ID`
    /// EndpointKit's; the standard library's none), `declaredIn` for a type the API declares, the
    /// qualifier of a qualified name, Foundation for one of its value types a route file names
    /// (`Locale`, `TimeZone`), and for any other name every module the route file imports but
    /// Foundation (unless it imports only Foundation), since only the compiler knows which of
    /// them declares it; Foundation's other types are written `Foundation.Name`.
    func modules(of name: String, declaredIn: String?) -> [String] {
        if let module = EndpointKitVocabulary.module(ofKnownType: name) { return module == "Swift" ? [] : [module] }
        if declaredNames.contains(name) { return declaredIn.map { [$0] } ?? [] }
        if let dot = name.firstIndex(of: ".") { return [String(name[..<dot])] }
        if Self.foundationValueTypes.contains(name) { return importedModules.contains("Foundation") ? ["Foundation"] : importedModules }
        let others = importedModules.filter { $0 != "Foundation" }
        return others.isEmpty ? importedModules : others
    }

    /// Foundation's value types a route file may name once it imports Foundation.
    private static let foundationValueTypes: Set<String> = [
        "Calendar", "CharacterSet", "DateComponents", "DateInterval", "IndexPath", "IndexSet", "Locale",
        "Measurement", "PersonNameComponents", "TimeInterval", "TimeZone", "URLComponents", "URLQueryItem",
    ]
}
