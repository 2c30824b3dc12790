import EndpointKit
import EndpointKitAudit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import RoutegenCore
import Testing

private struct Book {}

/// The generator's copy of what EndpointKit offers (`EndpointKitVocabulary`, `ScalarKind`,
/// `MediaType`), checked against EndpointKit itself: the one place both are in reach.
@Suite("The generator's vocabulary is EndpointKit's")
struct EndpointKitVocabularyTests {
    /// Every type EndpointKit converts itself, by the name a route file gives it; `EndpointValue`
    /// here is checked by the compiler, so a removed conformance fails to build this test.
    private static let endpointValueTypes: [(name: String, type: any EndpointValue.Type)] = [
        ("String", String.self), ("Substring", Substring.self), ("Bool", Bool.self),
        ("Double", Double.self), ("Float", Float.self), ("Float64", Float64.self), ("Float32", Float32.self),
        ("Int", Int.self), ("Int8", Int8.self), ("Int16", Int16.self), ("Int32", Int32.self), ("Int64", Int64.self),
        ("UInt", UInt.self), ("UInt8", UInt8.self), ("UInt16", UInt16.self), ("UInt32", UInt32.self), ("UInt64", UInt64.self),
        ("Date", Date.self), ("UUID", UUID.self),
    ]

    @Test func everyScalarSpellingIsAnEndpointValueAndNoneIsMissing() {
        #expect(ScalarKind.spellings.map(\.name) == Self.endpointValueTypes.map(\.name))
        #expect(ScalarKind(.named("ID", arguments: [.named("Book")])) == .identifier)
        let identifier: any EndpointValue = ID<Book>("b-7")
        #expect(identifier.endpointText == "b-7")
    }

    /// The key the generated preview client answers by is what `Endpoint.route` says.
    @Test func theEndpointRouteIsEndpointKits() throws {
        let collector = DiagnosticCollector()
        let api = try #require(loadAPI(source: """
        api T
        group G public
          a GET /books/{id: String}/cover -> Empty
          b PURGE /a/b/{id: Int}/ -> Empty
          c GET / -> Empty
          d GET /calls/{sid: String}.json -> Empty
        """, path: "t.routes", diagnostics: collector))
        #expect(api.routes.map(EndpointKitVocabulary.endpointRoute(of:)) == ["GET /books/{value}/cover", "PURGE /a/b/{value}/", "GET /", "GET /calls/{value}.json"])
        let endpoints: [Endpoint<Empty>] = [
            Endpoint(method: .get, path: ["books", .value("x"), "cover"]),
            Endpoint(method: HTTPMethod(rawValue: "PURGE"), path: ["a/b", .value(1)], hasTrailingSlash: true),
            Endpoint(method: .get, path: []),
            Endpoint<Empty>(method: .get, path: ["calls", .joined([.value("x"), ".json"])]).withPathTemplate("/calls/{value}.json"),
        ]
        #expect(endpoints.map(\.route) == ["GET /books/{value}/cover", "PURGE /a/b/{value}/", "GET /", "GET /calls/{value}.json"])
    }

    @Test func everySpellingResolvesWithAndWithoutItsModule() {
        for spelling in ScalarKind.spellings {
            #expect(ScalarKind(.named(spelling.name)) == spelling.kind)
            #expect(ScalarKind(.named(spelling.module + "." + spelling.name)) == spelling.kind)
        }
        #expect(ScalarKind(.named("EndpointKit.ID", arguments: [.named("Book")])) == .identifier)
        #expect(ScalarKind(.named("ID")) == nil)
        #expect(ScalarKind(.named("Book")) == nil)
        #expect(ScalarKind(.optional(.named("String"))) == nil)
    }

    @Test func theModulesOfTheSpellingsAreWhereTheTypesLive() {
        // Foundation's types live in FoundationEssentials on Linux, in Foundation on Apple's systems.
        for (spelling, entry) in zip(ScalarKind.spellings, Self.endpointValueTypes) {
            #expect(String(reflecting: entry.type).hasPrefix(spelling.module), "\(spelling.name)")
        }
    }

    @Test func integerRangesAreTheTypesOwn() {
        let bounds: [IntegerType: (Int64, Int64)] = [
            .int: (Int64(Int.min), Int64(Int.max)), .int8: (Int64(Int8.min), Int64(Int8.max)),
            .int16: (Int64(Int16.min), Int64(Int16.max)), .int32: (Int64(Int32.min), Int64(Int32.max)),
            .int64: (Int64.min, Int64.max), .uint: (0, Int64.max), .uint8: (0, Int64(UInt8.max)),
            .uint16: (0, Int64(UInt16.max)), .uint32: (0, Int64(UInt32.max)), .uint64: (0, Int64.max),
        ]
        for type in IntegerType.allCases {
            #expect(type.range.lowerBound == bounds[type]?.0 && type.range.upperBound == bounds[type]?.1, "\(type)")
        }
    }

    @Test func theStandardMethodsAndTheirBodyRuleAreHTTPMethods() {
        let methods: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]
        #expect(methods.map(\.rawValue) == EndpointKitVocabulary.standardMethods)
        for method in methods {
            #expect(EndpointKitVocabulary.methodAllowsBody(method.rawValue) == method.allowsBody, "\(method)")
            #expect(EndpointKitVocabulary.isStandardMethod(method.rawValue))
        }
        #expect(EndpointKitVocabulary.methodsWithoutBody == methods.filter { !$0.allowsBody }.map(\.rawValue))
        #expect(EndpointKitVocabulary.methodAllowsBody("PURGE") == HTTPMethod(rawValue: "PURGE").allowsBody)
        #expect(!EndpointKitVocabulary.isStandardMethod("PURGE"))
    }

    @Test func theMediaTypesAreTheOnesEndpointKitSends() {
        #expect(RequestBody.json(Empty()).contentType == MediaType.json)
        #expect(RequestBody.mergePatch(Empty()).contentType == MediaType.mergePatch)
        #expect(RequestBody.form(Empty()).contentType == MediaType.form)
        #expect(Endpoint<Empty>(method: .get, path: []).accept == MediaType.json)
        #expect(RequestBody.multipart(Empty(), boundary: "b").contentType == MediaType.multipart + "; boundary=b")
    }

    @Test func theFilePartNameAndSampleAreEndpointKits() {
        #expect(String(reflecting: FilePart.self) == EndpointKitVocabulary.runtimeModule + "." + EndpointKitVocabulary.filePartType)
        // The sample expression is compiled by every generated audit test that sends a file part.
        #expect(EndpointKitVocabulary.filePartSample.hasPrefix(EndpointKitVocabulary.filePartType + "(data: "))
    }

    @Test func theDataAndEmptyNamesAreTheTypesEndpointKitDecodesSpecially() throws {
        #expect(String(reflecting: Empty.self) == EndpointKitVocabulary.qualifiedEmptyType)
        #expect(EndpointKitVocabulary.qualifiedEmptyType == EndpointKitVocabulary.runtimeModule + "." + EndpointKitVocabulary.emptyType)
        // Foundation's types live in FoundationEssentials on Linux, in Foundation on Apple's systems.
        #expect(String(reflecting: Data.self).hasSuffix("." + EndpointKitVocabulary.dataType))
        #expect(String(reflecting: Data.self).hasPrefix("Foundation"))
        #expect(EndpointKitVocabulary.qualifiedDataType == "Foundation." + EndpointKitVocabulary.dataType)
        #expect(EndpointKitVocabulary.knownTypeArity(EndpointKitVocabulary.qualifiedDataType) == 0)
        #expect(EndpointKitVocabulary.knownTypeArity(EndpointKitVocabulary.qualifiedEmptyType) == 0)
        // An `Empty` response reads no body, a `Data` response hands the bytes over undecoded.
        let bytes = Data("not json".utf8)
        let ok = try #require(HTTPURLResponse(url: auditBaseURL, statusCode: 200, httpVersion: nil, headerFields: nil))
        #expect(try Endpoint<Data>(method: .get, path: ["x"]).decode(bytes, ok) == bytes)
        #expect((try? Endpoint<Empty>(method: .get, path: ["x"]).decode(Data(), ok)) != nil)
    }

    @Test func theModuleNamesAreTheRuntimes() {
        #expect(String(reflecting: HTTPMethod.self) == EndpointKitVocabulary.runtimeModule + ".HTTPMethod")
        #expect(String(reflecting: AuditedRoute.self) == EndpointKitVocabulary.auditModule + ".AuditedRoute")
    }

    @Test func authSchemeExpressionsAndAuditCredentialsAreEndpointKitsOwn() async throws {
        let vault = AuthSchemeSpec(name: nil, placement: .header(name: "X-Vault-Token", prefix: ""), location: nil)
        #expect(EndpointKitVocabulary.authSchemeExpression(vault) == #"AuthScheme(name: "header", placement: .header(name: "X-Vault-Token"))"#)
        // The same values, built by EndpointKit, with the audit provider's credentials put in place.
        let schemes: [(AuthSchemeSpec, AuthScheme)] = [
            (.defaultBearer, .bearer),
            (AuthSchemeSpec(name: "basic", placement: .basic, location: nil), AuthScheme(name: "basic", placement: .basic)),
            (vault, AuthScheme(name: "header", placement: .header(name: "X-Vault-Token"))),
            (AuthSchemeSpec(name: "pd", placement: .header(name: "Authorization", prefix: "Token token="), location: nil),
             AuthScheme(name: "pd", placement: .header(name: "Authorization", prefix: "Token token="))),
            (AuthSchemeSpec(name: "key", placement: .query(name: "key"), location: nil), AuthScheme(name: "key", placement: .query(name: "key"))),
        ]
        #expect(EndpointKitVocabulary.auditToken == AuditTokenProvider.token)
        let client = URLSessionHTTPClient(configuration: APIConfiguration(baseURL: auditBaseURL), credentialProvider: AuditCredentialProvider())
        for (spec, scheme) in schemes {
            let request = try await client.prepare(Endpoint<Empty>(method: .get, path: ["x"], auth: scheme))
            let expected = EndpointKitVocabulary.auditCredential(for: spec)
            let credential: AuditCredential = expected.isHeader ? .header(name: expected.name, value: expected.value) : .query(name: expected.name, value: expected.value)
            #expect(auditCredentials(in: request) == [credential])
            #expect(spec.runtimeName == scheme.name)
        }
    }

    @Test func theAuthArgumentIsNilTheBearerSchemeOrTheDeclaredOne() {
        let vault = AuthSchemeSpec(name: nil, placement: .header(name: "X-Vault-Token", prefix: ""), location: nil)
        #expect(EndpointKitVocabulary.authArgumentExpression(nil) == "nil")
        #expect(EndpointKitVocabulary.authArgumentExpression(.defaultBearer) == ".bearer")
        #expect(EndpointKitVocabulary.authArgumentExpression(vault) == EndpointKitVocabulary.authSchemeExpression(vault))
        // What the two spellings stand for in EndpointKit: no credential, and the default scheme.
        #expect(Endpoint<Empty>(method: .get, path: [], auth: nil).requiresAuthentication == false)
        #expect(Endpoint<Empty>(method: .get, path: [], auth: .bearer).auth == AuthScheme(name: AuthSchemeSpec.defaultBearer.runtimeName, placement: .bearer))
    }

    @Test func theGeneratorsHeaderNameCheckIsEndpointKits() {
        // HTTPSyntax.isToken is the generator's copy of the rule EndpointKit applies to header names.
        for value in UInt8(0x20)..<0x7F {
            let name = "X" + String(UnicodeScalar(value)) + "Y"
            let endpoint = Endpoint<Empty>(method: .get, path: ["x"], headers: [name: "v"])
            let builds = (try? endpoint.urlRequest(baseURL: auditBaseURL)) != nil
            #expect(builds == HTTPSyntax.isToken(name), "\(name)")
        }
    }
}
