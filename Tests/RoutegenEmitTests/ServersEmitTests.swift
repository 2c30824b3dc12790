import RoutegenCore
@testable import RoutegenEmit
import Testing

/// What `server` lines become: `<Api>Servers` in the route table's file, and a route with a
/// server of its own ends its endpoint in `.withServer(...)`.
@Suite("Servers, emitted")
struct ServersEmitTests {
    private let source = #"""
        api Webhooks
        /// Where the API lives.
        server production https://api.example.com/v1
        server regional https://{region}.api.example.com/{version}
          /// The data centre.
          region = "us" in "us", "eu-west-1", "default"
          version = "v1"
        server uploads https://uploads.example.com
        server local http://localhost:{port}
          port = "8080"
        group Hooks auth
          hooks  GET  /hooks                      -> [Hook]
          upload POST /files body raw "image/png" -> Empty server uploads
          local  GET  /local                      -> Empty server local
        """#

    @Test func everyServerIsALetOrAThrowingFunctionAndListedValuesAreAnEnum() throws {
        let model = try #require(SpecSnippets.model(source))
        var writer = SwiftWriter()
        ServersEmitter(options: EmitOptions()).write(api: model, into: &writer)
        #expect(writer.output == #"""
            /// The servers of the Webhooks API, from its `server` lines: `APIConfiguration(baseURL: WebhooksServers.production)`.
            public nonisolated enum WebhooksServers {
                /// Where the API lives.
                ///
                /// `https://api.example.com/v1` · the API's default server
                public static let production = URL(string: "https://api.example.com/v1")!

                /// `https://{region}.api.example.com/{version}`
                /// - Parameter region: The data centre.
                public static func regional(region: Region = .us, version: String = "v1") throws -> URL {
                    try EndpointKit.ServerURL.url("https://{region}.api.example.com/{version}", values: ["region": region.rawValue, "version": version])
                }

                /// `https://uploads.example.com`
                public static let uploads = URL(string: "https://uploads.example.com")!

                /// `http://localhost:{port}`
                public static func local(port: String = "8080") throws -> URL {
                    try EndpointKit.ServerURL.url("http://localhost:{port}", values: ["port": port])
                }

                /// The values `region` of server `regional` takes.
                public nonisolated enum Region: String, CaseIterable, Sendable {
                    case us
                    case euWest1 = "eu-west-1"
                    case `default`
                }
            }

            """#)
    }

    @Test func aRouteWithAServerOfItsOwnSendsThere() {
        let swift = SpecSnippets.endpoints(source)
        #expect(swift.contains(#"""
                /// `POST /files` · requires authentication · server `uploads` (`https://uploads.example.com`)
                public static func upload(body: Data) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .post,
                        path: ["files"],
                        body: .raw(body, contentType: "image/png"),
                        auth: .bearer
                    ).withServer(WebhooksServers.uploads)
                }
            """#))
        // A server with variables is reached at their defaults, which the resolver checked.
        #expect(swift.contains(#"    ).withServer(URL(string: "http://localhost:8080")!)"#))
        #expect(swift.contains("        auth: .bearer\n        )\n    }\n"))
    }

    @Test func theRouteTableFileImportsFoundationPubliclyOnlyForServers() throws {
        let model = try #require(SpecSnippets.model(source))
        let file = RouteTableEmitter().emit(api: model)
        let text = String(decoding: file.utf8, as: UTF8.self)
        #expect(text.contains("import EndpointKit\npublic import Foundation\n"))
        #expect(text.hasSuffix("        case `default`\n    }\n}\n"))
        let plain = try #require(SpecSnippets.model("api A\ngroup G public\n  r GET /r -> Empty\n"))
        let plainText = String(decoding: RouteTableEmitter().emit(api: plain).utf8, as: UTF8.self)
        #expect(plainText.contains("import EndpointKit\nimport Foundation\n"))
        #expect(!plainText.contains("Servers"))
    }

    @Test func variablesOfOneNameOnTwoServersGetEnumsNamedAfterTheirServers() throws {
        let model = try #require(SpecSnippets.model(#"""
            api A
            server a https://{region}.a.example.com
              region = "us" in "us", "eu"
            server b https://{region}.b.example.com
              region = "ap" in "ap"
            """#))
        #expect(ServersEmitter.enumNames(model.servers) == ["a.region": "ARegion", "b.region": "BRegion"])
    }

    @Test func theAuditExpectsTheRouteOnItsServer() {
        #expect(AuditTestsWireText.url(server: "https://uploads.example.com/", encodedSegments: ["files"], query: []) == "https://uploads.example.com/files")
        #expect(AuditTestsWireText.url(server: "https://uploads.example.com/", encodedSegments: [], query: []) == "https://uploads.example.com/")
        #expect(AuditTestsWireText.url(encodedSegments: ["files"], query: []) == "https://audit.routegen.test/v1/files")
    }
}
