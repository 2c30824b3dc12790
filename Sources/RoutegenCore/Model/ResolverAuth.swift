/// The `auth` lines of a file, checked one by one, and how a group or route that says `auth`
/// finds its scheme.
///
/// The rules: with no `auth` line, `auth` means the bearer token. With one scheme (named or
/// not), a plain `auth` uses it; with several, a plain `auth` uses the unnamed one, and when
/// every scheme is named it must pick one (`auth key`). A name that no line declares is an error
/// at that name, with the closest declared name as the fix.
struct AuthSchemeTable {
    /// The schemes declared so far, in file order, with the token of each name.
    private(set) var schemes: [AuthSchemeSpec] = []

    /// Checks one `auth` line and adds its scheme; reports what is wrong at its token.
    mutating func declare(_ syntax: AuthSchemeSyntax, diagnostics: any DiagnosticSink) {
        func error(_ message: String, at location: SourceLocation, note: String? = nil, fixIt: String? = nil) {
            diagnostics.emit(.error(message, at: location, note: note, fixIt: fixIt))
        }
        var isValid = true
        if let name = syntax.name {
            if Parser.wordsThatNameNoScheme.contains(name.text) {
                error("'\(name.text)' cannot name an auth scheme: after 'auth' on a group or route line it starts a clause of its own; pick another name", at: name.location)
                isValid = false
            } else if !SwiftNaming.isIdentifier(name.text) {
                let suggestion = SwiftNaming.lowerCamelCase(name.text)
                error("auth scheme name '\(name.text)' is not a valid identifier; use letters, digits and '_', such as '\(suggestion)'", at: name.location, fixIt: suggestion)
                isValid = false
            } else if let first = schemes.first(where: { $0.name == name.text }) {
                error("auth scheme '\(name.text)' is declared twice; rename one", at: name.location, note: "first declared at line \(first.location?.line ?? 0)")
                isValid = false
            }
        } else if let first = schemes.first(where: { $0.name == nil }) {
            error(
                "the API already has an unnamed auth scheme ('\(first.placementText)' at line \(first.location?.line ?? 0)); name this one: 'auth name = \(syntax.kind.text)\(syntax.argument.map { " " + $0.text } ?? "")'",
                at: syntax.kind.location
            )
            isValid = false
        }
        let placement: AuthSchemeSpec.Placement
        switch syntax.kind.text {
        case "basic":
            placement = .basic
        case "header":
            let header = syntax.argument?.text ?? ""
            if !HTTPSyntax.isToken(header) {
                error("'\(header)' is not a valid HTTP header name; use letters, digits and '-', such as 'X-Api-Key'", at: syntax.argument?.location ?? syntax.kind.location)
                isValid = false
            }
            var prefix = ""
            if let token = syntax.prefix {
                switch StringLiteral.unescape(token) {
                case .success(let text):
                    if text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                        error("the prefix of header '\(header)' holds a line break or NUL, which would end the header; remove it", at: token.location)
                        isValid = false
                    }
                    prefix = text
                case .failure(let failure):
                    diagnostics.emit(failure.diagnostic)
                    isValid = false
                }
            }
            placement = .header(name: header, prefix: prefix)
        case "query":
            placement = .query(name: syntax.argument?.text ?? "")
        default:
            placement = .bearer
        }
        // A provider tells schemes apart by name; an unnamed scheme is known by its placement's word.
        let runtimeName = syntax.name?.text ?? placement.word
        if isValid, let clash = schemes.first(where: { $0.runtimeName == runtimeName }) {
            error(
                "auth scheme '\(runtimeName)' would be known by the same name as '\(clash.displayText)' at line \(clash.location?.line ?? 0), so a credential provider could not tell them apart; give one another name",
                at: syntax.name?.location ?? syntax.kind.location
            )
            isValid = false
        }
        guard isValid else { return }
        schemes.append(AuthSchemeSpec(name: syntax.name?.text, placement: placement, location: syntax.kind.location))
    }

    /// The scheme a plain `auth` means; nil after reporting, at `location`, that `what` must pick one.
    func defaultScheme(for what: String, at location: SourceLocation, diagnostics: any DiagnosticSink) -> AuthSchemeSpec? {
        if schemes.isEmpty { return .defaultBearer }
        if let unnamed = schemes.first(where: { $0.name == nil }) { return unnamed }
        if schemes.count == 1 { return schemes[0] }
        let names = schemes.compactMap(\.name)
        diagnostics.emit(.error(
            "\(what) says 'auth', but the API declares several schemes (\(Self.list(names))) and none unnamed; pick one: " + Self.list(names.map { "auth " + $0 }, conjunction: "or"),
            at: location
        ))
        return nil
    }

    /// The scheme named `token`; nil after reporting an unknown name at it.
    func scheme(named token: SyntaxToken, diagnostics: any DiagnosticSink) -> AuthSchemeSpec? {
        if let scheme = schemes.first(where: { $0.name == token.text }) { return scheme }
        UndeclaredName.report(
            "auth scheme", token: token, declared: schemes.compactMap(\.name), none: "no named scheme",
            example: "auth \(token.text) = bearer", diagnostics: diagnostics
        )
        return nil
    }

    /// The schemes named after `or` (`auth key or basic`); nil after reporting an unknown name
    /// or one written twice.
    func alternatives(_ tokens: [SyntaxToken], after first: SyntaxToken, diagnostics: any DiagnosticSink) -> [AuthSchemeSpec]? {
        var result: [AuthSchemeSpec] = []
        var isValid = true
        var seen = [first]
        for token in tokens {
            if let earlier = seen.first(where: { $0.text == token.text }) {
                diagnostics.emit(.error("auth scheme '\(token.text)' is listed twice; remove one", at: token.location, note: "first listed at column \(earlier.location.column)"))
                isValid = false
                continue
            }
            seen.append(token)
            if let scheme = scheme(named: token, diagnostics: diagnostics) { result.append(scheme) } else { isValid = false }
        }
        return isValid ? result : nil
    }

    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    static func list(_ words: [String], conjunction: String = "and") -> String {
        let quoted = words.map { "'" + $0 + "'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " " + conjunction + " " + quoted.last!
    }
}
