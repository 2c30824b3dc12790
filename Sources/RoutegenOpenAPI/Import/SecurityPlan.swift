import RoutegenCore
import RoutegenYAML

/// Whether a route needs a credential, and which schemes' (by their names in the route file, in
/// the order a client tries them; empty for the one unnamed scheme).
enum RouteAccess: Hashable {
    case open
    case auth([String])

    /// `auth` with one scheme's name, or nil for the unnamed one.
    static func auth(_ name: String?) -> RouteAccess { .auth(name.map { [$0] } ?? []) }
}

/// A group line's access: `auth`, `auth key` or `public`.
struct GroupAccess: Hashable {
    var access: RouteAccess

    var text: String {
        switch access {
        case .open: "public"
        case .auth(let names) where names.isEmpty: "auth"
        case .auth(let names): "auth " + names.joined(separator: " or ")
        }
    }
}

/// The description's security schemes as the route file's `auth` lines, and each operation's
/// `security` as its access.
struct SecurityPlan {
    /// How a scheme carries its credential: `bearer`, `basic`, `header Name [prefix "text"]`
    /// or `query name`.
    struct Carrier {
        var kind: String
        /// The header field's or the query item's name.
        var argument: String?
        /// The text before the credential in its header, unquoted.
        var prefix: String?

        static let bearer = Carrier(kind: "bearer")
    }

    /// A scheme the routes use: its key in `securitySchemes`, its route-file name and its carrier.
    struct Scheme {
        var key: String
        var name: String
        var carrier: Carrier
    }

    private(set) var schemes: [Scheme] = []
    private var accessByOperation: [Int: RouteAccess] = [:]
    private let isNamed: Bool
    /// The export's unnamed scheme (`x-routegen-unnamed`), written `auth bearer` beside named
    /// ones, or its implicit bearer (`x-routegen-implicit`), which has no `auth` line.
    private var unnamedKey: String?
    private var isUnnamedImplicit = false

    private static let clauseWords: Set<String> = ["errors", "header", "body", "accept", "paginate", "auth", "public", "deprecated"]

    init(document: OpenAPIDocument, table: DeclarationTable) {
        let declared = document.securitySchemes
        let dialect = table.dialect
        let (requirements, requirementsUsed) = Self.requirements(of: document, table: table)
        // The schemes in the order they are declared; one used but not declared is a bearer
        // token. An export declares exactly the route file's schemes, used or not.
        var orderedKeys = declared.map(\.key).filter { requirementsUsed.contains($0) || dialect.declaresEverySecurityScheme }
        orderedKeys += requirementsUsed.filter { !orderedKeys.contains($0) }
        if dialect.declaresEverySecurityScheme {
            for scheme in declared where scheme.isUnnamed || scheme.isImplicit {
                unnamedKey = scheme.key
                isUnnamedImplicit = scheme.isImplicit
                break
            }
        }
        isNamed = unnamedKey == nil ? orderedKeys.count > 1 : true
        var names: Set<String> = []
        for key in orderedKeys {
            let carrier: Carrier
            if let scheme = declared.first(where: { $0.key == key }) {
                carrier = Self.carrier(scheme, table: table)
            } else {
                table.warn("security scheme '\(key)' is not declared under 'components/securitySchemes'; imported as 'bearer'", at: document.security?.position ?? document.position)
                carrier = .bearer
            }
            schemes.append(Scheme(key: key, name: Self.schemeName(key, keepsName: dialect.keepsNamesAsWritten, taken: &names), carrier: carrier))
        }
        for (offset, keys) in requirements.enumerated() {
            let chosen = keys.compactMap { key in schemes.first { $0.key == key } }
            guard let first = chosen.first else {
                accessByOperation[offset] = .open
                continue
            }
            // Alternatives are named; the unnamed scheme stands alone.
            let named = chosen.filter { isNamed && $0.key != unnamedKey }
            accessByOperation[offset] = named.count == chosen.count ? .auth(named.map(\.name)) : .auth(isNamed && first.key != unnamedKey ? first.name : nil)
        }
    }

    /// The schemes each operation accepts, in the description's order (empty: none), by
    /// operation, and the schemes needed, in the order first needed; a warning for what a route
    /// cannot say (optional authentication, schemes needed together, a description with no
    /// security at all).
    private static func requirements(of document: OpenAPIDocument, table: DeclarationTable) -> (byOperation: [[String]], used: [String]) {
        let topLevel = document.security
        var anySecurity = topLevel != nil || !document.securitySchemes.isEmpty
        var requirements: [[String]] = []
        var used: [String] = []
        for operation in document.operations {
            let security = operation.security ?? topLevel
            if operation.security != nil { anySecurity = true }
            guard let security, let alternatives = security.alternatives else { requirements.append([]); continue }
            if alternatives.contains(where: \.isEmpty), alternatives.contains(where: { !$0.isEmpty }) {
                table.warn("authentication is optional for this operation ('{}' among its 'security'); imported as 'auth'", at: security.position)
            }
            var keys: [String] = []
            for together in alternatives where !together.isEmpty {
                if together.count > 1 {
                    table.warn("this operation needs the schemes \(together.map { "'" + $0 + "'" }.joined(separator: " and ")) together; a route carries one credential, so it is imported with '\(together[0])'", at: security.position)
                }
                if !keys.contains(together[0]) { keys.append(together[0]) }
            }
            requirements.append(keys)
            for key in keys where !used.contains(key) { used.append(key) }
        }
        if !anySecurity, let version = document.versionPosition {
            table.warn("the description declares no security; every route is imported as 'public'", at: version)
        }
        return (requirements, used)
    }

    /// A scheme's route-file name: its key as an identifier that no clause word or Swift keyword
    /// is, unique among `taken`.
    private static func schemeName(_ key: String, keepsName: Bool, taken names: inout Set<String>) -> String {
        var name = keepsName && SwiftNaming.isIdentifier(key) ? key : SwiftNaming.lowerCamelCase(key)
        if !SwiftNaming.isIdentifier(name) || clauseWords.contains(name) || SwiftNaming.keywords.contains(name) || name == "_" { name += "Auth" }
        let base = name
        var number = 2
        while names.contains(name) { name = base + String(number); number += 1 }
        names.insert(name)
        return name
    }

    /// The scheme a group that says `auth` but has no route needing a credential names: the
    /// unnamed one, else the first.
    var fallbackSchemeName: String? {
        guard isNamed, unnamedKey == nil else { return nil }
        return schemes.first?.name
    }

    /// The access of the operation at `offset` in the session's list.
    func access(ofOperation offset: Int) -> RouteAccess {
        accessByOperation[offset] ?? .open
    }

    /// The `auth` lines above the groups: each scheme's carrier, with its name when the
    /// schemes are named.
    var declarations: [(name: String?, carrier: Carrier)] {
        schemes.compactMap { scheme in
            if scheme.key == unnamedKey { return isUnnamedImplicit ? nil : (nil, scheme.carrier) }
            return (isNamed ? scheme.name : nil, scheme.carrier)
        }
    }

    /// A group's access: `auth` with its routes' most common scheme when any route needs one.
    func groupAccess(_ accesses: [RouteAccess]) -> GroupAccess {
        var counts: [RouteAccess: Int] = [:]
        var order: [RouteAccess] = []
        for access in accesses where access != .open {
            if counts[access] == nil { order.append(access) }
            counts[access, default: 0] += 1
        }
        guard var best = order.first else { return GroupAccess(access: .open) }
        for access in order where (counts[access] ?? 0) > (counts[best] ?? 0) { best = access }
        return GroupAccess(access: best)
    }

    private static func carrier(_ scheme: SecuritySchemeObject, table: DeclarationTable) -> Carrier {
        let key = scheme.key
        let type = scheme.type ?? ""
        switch type {
        case "http":
            let kind = scheme.scheme?.lowercased() ?? ""
            if kind == "basic" { return Carrier(kind: "basic") }
            if kind == "bearer" { return .bearer }
            table.warn("HTTP scheme '\(kind)' of security scheme '\(key)' is not one routegen sends; imported as 'bearer'", at: scheme.position)
            return .bearer
        case "apiKey":
            let name = scheme.name ?? ""
            switch scheme.location {
            case "header" where HTTPSyntax.isToken(name):
                if let prefix = scheme.prefix, !prefix.isEmpty, !prefix.contains(where: { $0 == "\n" || $0 == "\r" }) {
                    return Carrier(kind: "header", argument: name, prefix: prefix)
                }
                return Carrier(kind: "header", argument: name)
            case "query" where RouteText.isWireName(name):
                return Carrier(kind: "query", argument: name)
            case "cookie" where RouteText.isWireName(name):
                return Carrier(kind: "header", argument: "Cookie", prefix: name + "=")
            default:
                table.warn("API key '\(name)' of security scheme '\(key)' cannot be sent as it is described; imported as 'bearer'", at: scheme.position)
                return .bearer
            }
        case "oauth2", "openIdConnect":
            return .bearer
        default:
            table.warn("security scheme '\(key)' of type '\(type)' is not a credential routegen sends; imported as 'bearer'", at: scheme.position)
            return .bearer
        }
    }
}
