/// The error for a name a route uses that the file does not declare (a server, an auth scheme):
/// the names it does declare, the closest as a fix-it, or how to declare one when there is none.
enum UndeclaredName {
    /// Emits `unknown <what> 'name'; the API declares ...` at `token`.
    /// - Parameters:
    ///   - what: the kind, as the message names it: `server`, `auth scheme`.
    ///   - none: what the API declares when it declares none: `no server`, `no named scheme`.
    ///   - example: a declaration of the name, for the message: `server uploads https://...`.
    static func report(_ what: String, token: SyntaxToken, declared names: [String], none: String, example: String, diagnostics: any DiagnosticSink) {
        guard !names.isEmpty else {
            diagnostics.emit(.error(
                "unknown \(what) '\(token.text)'; the API declares \(none): declare it above the first group, such as '\(example)'",
                at: token.location
            ))
            return
        }
        let guess = Suggestion.closest(to: token.text, among: names)
        diagnostics.emit(.error(
            "unknown \(what) '\(token.text)'; the API declares \(AuthSchemeTable.list(names))" + (guess.map { " (did you mean '\($0)'?)" } ?? ""),
            at: token.location,
            fixIt: guess
        ))
    }
}
