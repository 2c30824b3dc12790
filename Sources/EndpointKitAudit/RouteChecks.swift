/// Normalized names (lower case, letters and digits only) that identify a user: the names the
/// `user-id-in-authenticated-path` lint rule uses, so the audit and the linter agree.
let userIdentifierWords: Set<String> = [
    "account", "accountid", "accountuuid", "customer", "customerid", "login", "member", "memberid",
    "profileid", "uid", "user", "userid", "username", "useruuid",
]

/// Path parameters whose name says they identify a user (`{userId}`, `{user_id}`, `{username}`):
/// an authenticated route gets the user from its token, so such a path lets one user ask for another's data.
public func userIdentifierParameters(in pathTemplate: String) -> [String] {
    pathTemplate.split(separator: "/").flatMap { segment -> [String] in
        // A segment may hold several parameters with text around them: `{name}.{format}`.
        segment.split(separator: "{", omittingEmptySubsequences: false).dropFirst().compactMap { piece -> String? in
            guard let close = piece.firstIndex(of: "}") else { return nil }
            let name = String(piece[..<close])
            let normalized = name.lowercased().filter { $0.isLetter || $0.isNumber }
            return userIdentifierWords.contains(normalized) ? name : nil
        }
    }
}

/// Routes that share a method and a path shape (parameter names erased), which a server cannot
/// tell apart: one line per clash, naming both routes, in route-table order.
public func routeClashes(_ routes: [(name: String, method: String, pathTemplate: String)]) -> [String] {
    var firstByKey: [String: String] = [:]
    var clashes: [String] = []
    for route in routes {
        let shape = route.pathTemplate.split(separator: "/", omittingEmptySubsequences: false)
            .map(erasingParameterNames)
            .joined(separator: "/")
        let key = route.method + " " + shape
        if let first = firstByKey[key] {
            clashes.append(first + " and " + route.name + " are both " + key)
        } else {
            firstByKey[key] = route.name
        }
    }
    return clashes
}

/// A template segment with each `{name}` written `{}`: `{sid}.json` is `{}.json`.
private func erasingParameterNames(_ segment: Substring) -> String {
    var text = ""
    var inBraces = false
    for character in segment {
        if character == "{" { inBraces = true; text.append("{") }
        else if character == "}" { inBraces = false; text.append("}") }
        else if !inBraces { text.append(character) }
    }
    return text
}
