import RoutegenCore

/// The fixed part of every audit-test target: how a call is built, sent to the client's prepare
/// step, and how a model without an audit sample becomes a named known issue.
///
/// Emitted as one file per API (not a library) so the audit target needs nothing but
/// EndpointKit, Testing and the generated API: its types are internal to the test module.
enum AuditTestsSupport {
    /// The text of `<Api>APIAuditTests/RouteAuditSupport.swift`.
    static func contents(for model: APIModel) -> String {
        var writer = SwiftWriter()
        GeneratedFileHeader.write(sourcePath: model.sourcePath, into: &writer)
        writer.line("import EndpointKit")
        writer.line("import Foundation")
        writer.unindentedLine("#if canImport(FoundationNetworking)")
        writer.line("import FoundationNetworking")
        writer.unindentedLine("#endif")
        writer.line("import Testing")

        writer.blank()
        writer.docComment(["The base URL every audited request is built against; its path checks that endpoints keep it."])
        writer.line("let auditBaseURL = URL(string: " + SwiftNaming.stringLiteral(AuditTestsWireText.baseURL) + ")!")

        writer.blank()
        writer.docComment(["Hands the client a token, as an app's sign-in would; it must appear exactly on authenticated routes."])
        writer.block("struct AuditTokenProvider: TokenProvider") { writer in
            writer.docComment(["The token the audit expects in `Authorization: Bearer ...`."])
            writer.line("static let token = \"audit-token\"")
            writer.blank()
            writer.line("func currentToken() async -> String? { Self.token }")
        }

        writer.blank()
        writer.docComment(["Thrown while building an endpoint whose argument type has no `RouteAuditSample`."])
        writer.block("struct MissingAuditSample: Error, CustomStringConvertible") { writer in
            writer.docComment(["The type without a sample, as Swift prints it."])
            writer.line("let typeName: String")
            writer.blank()
            writer.line("var description: String { \"no audit sample for \\(typeName); conform it to RouteAuditSample\" }")
        }

        writer.blank()
        writer.docComment([
            "The type's `RouteAuditSample` value, found at run time, because routegen cannot know",
            "which models adopt it; throws `MissingAuditSample` when it has none.",
        ])
        writer.block("func auditSample<Value>(_ type: Value.Type) throws -> Value") { writer in
            writer.line("guard let sampleType = type as? any RouteAuditSample.Type,")
            writer.line("      let sample = sampleType.auditSample as? Value")
            writer.line("else { throw MissingAuditSample(typeName: String(describing: type)) }")
            writer.line("return sample")
        }

        writer.blank()
        writer.docComment(["Records a missing sample as a known issue that names the type: a visible gap, never a silent skip."])
        writer.block("func recordGap(_ gap: MissingAuditSample)") { writer in
            writer.line("let comment = Comment(rawValue: gap.description)")
            writer.line("withKnownIssue { Issue.record(comment) }")
        }

        writer.blank()
        writer.docComment(["A header field an audited call must set."])
        writer.block("struct AuditHeader: Sendable, Equatable") { writer in
            writer.docComment(["The field name as the route declares it."])
            writer.line("let name: String")
            writer.docComment(["The exact value."])
            writer.line("let value: String")
        }

        writer.blank()
        writer.docComment([
            "Declares one deprecated route. Its conformer's `declare()` is deprecated, so calling the deprecated",
            "endpoint there raises no warning, and calling it through this protocol raises none either.",
        ])
        writer.block("protocol AuditRouteDeclaring") { writer in
            writer.docComment(["The route and the calls the audit makes."])
            writer.line("func declare() -> AuditedRoute")
        }

        writeAuditedCall(&writer)
        writeAuditedRoute(&writer)
        writeHelpers(&writer)
        return writer.output
    }

    private static func writeAuditedCall(_ writer: inout SwiftWriter) {
        writer.blank()
        writer.docComment(["One call of a generated endpoint function, type-erased so one table holds every route."])
        writer.block("struct AuditedCall: Sendable") { writer in
            writer.docComment(["The exact URL, computed by routegen from the route file; nil when an argument's text is known only at run time."])
            writer.line("let expectedURL: String?")
            writer.docComment(["Header fields the arguments must set."])
            writer.line("let expectedHeaders: [AuditHeader]")
            writer.line("private let build: @Sendable (URL) throws -> URLRequest")
            writer.line("private let prepare: @Sendable (URLSessionHTTPClient) async throws -> URLRequest")
            writer.blank()
            writer.docComment(["Wraps the call `endpoint` makes; it is only run by the tests."])
            writer.block("init<Response>(url: String?, headers: [AuditHeader] = [], _ endpoint: @escaping @Sendable () throws -> Endpoint<Response>)") { writer in
                writer.line("expectedURL = url")
                writer.line("expectedHeaders = headers")
                writer.line("build = { baseURL in try endpoint().urlRequest(baseURL: baseURL) }")
                writer.line("prepare = { client in try await client.prepare(endpoint()) }")
            }
            writer.blank()
            writer.docComment(["The request `urlRequest(baseURL:)` builds; nil after recording a missing sample as a known issue."])
            writer.block("func urlRequest() throws -> URLRequest?") { writer in
                writer.block("do") { writer in
                    writer.line("return try build(auditBaseURL)")
                }
                writer.block("catch let gap as MissingAuditSample") { writer in
                    writer.line("recordGap(gap)")
                    writer.line("return nil")
                }
            }
            writer.blank()
            writer.docComment([
                "The request `URLSessionHTTPClient` would send, token included, from its prepare step:",
                "nothing goes on the network. Nil after recording a missing sample as a known issue.",
            ])
            writer.block("func preparedRequest() async throws -> URLRequest?") { writer in
                writer.line("let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: auditBaseURL), tokenProvider: AuditTokenProvider())")
                writer.block("do") { writer in
                    writer.line("return try await prepare(client)")
                }
                writer.block("catch let gap as MissingAuditSample") { writer in
                    writer.line("recordGap(gap)")
                    writer.line("return nil")
                }
            }
            writer.blank()
            writer.docComment(["The error building the request throws, or nil when it builds; a missing sample is recorded and returned."])
            writer.block("func refusal() -> (any Error)?") { writer in
                writer.block("do") { writer in
                    writer.line("_ = try build(auditBaseURL)")
                    writer.line("return nil")
                }
                writer.block("catch let gap as MissingAuditSample") { writer in
                    writer.line("recordGap(gap)")
                    writer.line("return gap")
                }
                writer.block("catch") { writer in
                    writer.line("return error")
                }
            }
            writer.blank()
            writer.docComment(["The expected URL; when routegen could not compute it, records a known issue and returns nil."])
            writer.block("func knownURL(of route: AuditedRoute) -> String?") { writer in
                writer.line("if let expectedURL { return expectedURL }")
                writer.line("let comment = Comment(rawValue: \"the URL of '\\(route.name)' depends on a RouteAuditSample value; routegen cannot compute it\")")
                writer.line("withKnownIssue { Issue.record(comment) }")
                writer.line("return nil")
            }
        }
    }

    private static func writeAuditedRoute(_ writer: inout SwiftWriter) {
        writer.blank()
        writer.docComment(["A route as the route file declares it, and the calls the audit makes to its endpoint."])
        writer.block("struct AuditedRoute: Sendable, CustomTestStringConvertible") { writer in
            let facts: [(String, String, String)] = [
                ("name", "String", "The route's name in the route file."),
                ("method", "String", "The method token the route declares."),
                ("pathTemplate", "String", "The path as the route file writes it, parameters as `{name}`."),
                ("requiresAuthentication", "Bool", "Whether the route is `auth`."),
                ("contentType", "String?", "The Content-Type of its body; nil when it has none."),
                ("accept", "String", "The media type it asks for."),
                ("acceptsUserIdentifierInPath", "Bool", "Whether the route file accepts a user identifier in its path (`# routegen:disable user-id-in-authenticated-path`)."),
            ]
            for (name, type, doc) in facts {
                writer.docComment([doc])
                writer.line("let " + name + ": " + type)
            }
            writer.docComment(["Every parameter with a distinct sample."])
            writer.line("let withAllArguments: AuditedCall")
            let optionalCalls: [(String, String)] = [
                ("withRequiredArguments", "Only the arguments a caller must pass."),
                ("withHostileSegment", "Every text path value `a/b c&d+e`."),
                ("withNonASCIISegment", "Every text path value `Zoë/東京`."),
                ("withDotSegment", "Every text path value `..`."),
                ("withHostileQuery", "Every text query value `a/b c&d+e`."),
            ]
            for (name, doc) in optionalCalls {
                writer.docComment([doc])
                writer.line("var " + name + ": AuditedCall?")
            }
            writer.blank()
            writer.docComment(["Declares a route and the call that passes every argument."])
            writer.block("init<Response>(name: String, method: String, pathTemplate: String, requiresAuthentication: Bool, contentType: String?, accept: String, acceptsUserIdentifierInPath: Bool = false, url: String?, headers: [AuditHeader] = [], endpoint: @escaping @Sendable () throws -> Endpoint<Response>)") { writer in
                for (name, _, _) in facts {
                    writer.line("self." + name + " = " + name)
                }
                writer.line("withAllArguments = AuditedCall(url: url, headers: headers, endpoint)")
            }
            writer.blank()
            writer.docComment(["The route's name, so each test case in the output says which route it is."])
            writer.line("var testDescription: String { name }")
        }
    }

    private static func writeHelpers(_ writer: inout SwiftWriter) {
        writer.blank()
        writer.docComment([
            "Path parameters whose name says they identify a user (`{userId}`, `{user_id}`, `{username}`):",
            "an authenticated route gets the user from its token, so such a path lets one user ask for another's data.",
        ])
        writer.block("func userIdentifierParameters(in pathTemplate: String) -> [String]") { writer in
            writer.line("let userWords: Set<String> = " + userWordsLiteral)
            writer.line("return pathTemplate.split(separator: \"/\").compactMap { segment -> String? in")
            writer.line("    guard segment.hasPrefix(\"{\"), segment.hasSuffix(\"}\") else { return nil }")
            writer.line("    let name = String(segment.dropFirst().dropLast())")
            writer.line("    let normalized = name.lowercased().filter { $0.isLetter || $0.isNumber }")
            writer.line("    return userWords.contains(normalized) ? name : nil")
            writer.line("}")
        }

        writer.blank()
        writer.docComment([
            "Routes that share a method and a path shape (parameter names erased), which a server cannot",
            "tell apart: one line per clash, naming both routes, in route-table order.",
        ])
        writer.block("func routeClashes(_ routes: [(name: String, method: String, pathTemplate: String)]) -> [String]") { writer in
            writer.line("var firstByKey: [String: String] = [:]")
            writer.line("var clashes: [String] = []")
            writer.block("for route in routes") { writer in
                writer.line("let shape = route.pathTemplate.split(separator: \"/\", omittingEmptySubsequences: false)")
                writer.line("    .map { $0.hasPrefix(\"{\") ? \"{}\" : String($0) }")
                writer.line("    .joined(separator: \"/\")")
                writer.line("let key = route.method + \" \" + shape")
                writer.block("if let first = firstByKey[key]") { writer in
                    writer.line("clashes.append(first + \" and \" + route.name + \" are both \" + key)")
                }
                writer.block("else") { writer in
                    writer.line("firstByKey[key] = route.name")
                }
            }
            writer.line("return clashes")
        }
        return
    }

    /// Normalized names (lower case, letters and digits only) that identify a user: the names the
    /// `user-id-in-authenticated-path` lint rule uses, so the audit and the linter agree.
    static let userWords = [
        "account", "accountid", "accountuuid", "customer", "customerid", "login", "member", "memberid",
        "profileid", "uid", "user", "userid", "username", "useruuid",
    ]

    private static var userWordsLiteral: String {
        "[" + userWords.map(SwiftNaming.stringLiteral).joined(separator: ", ") + "]"
    }
}
