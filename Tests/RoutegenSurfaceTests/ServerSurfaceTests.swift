import RoutegenCore
import RoutegenSurface
import Testing

/// Servers in `routegen surface` (a column when a route has its own) and `routegen diff`.
@Suite struct ServerSurfaceTests {
    static let base = """
        api Files
        server production https://api.files.example/v1
        server regional https://{region}.files.example/v1
          region = "eu" in "eu", "us"
        server uploads https://uploads.files.example
        group Files auth
          list   GET  /files -> [String]
          upload POST /files -> Empty server uploads
        """

    func changes(to new: String, from old: String = base) throws -> [String] {
        let oldModel = try #require(parseWithoutErrors(old, path: "old.routes"))
        let newModel = try #require(parseWithoutErrors(new, path: "new.routes"))
        return APIDiff(old: oldModel, new: newModel).changes.map { "\($0.location): \($0.kind.rawValue): \($0.message)" }
    }

    @Test func theSurfaceHasAServerColumnOnlyWhenARouteHasItsOwn() throws {
        let model = try #require(parseWithoutErrors(Self.base))
        #expect(APISurface(models: [model]).render(.text) == """
            METHOD  PATH    ACCESS  BODY  RESPONSE  ERRORS  PAGINATE  ROUTE         SERVER
            GET     /files  auth    -     [String]  -       -         Files.list    -
            POST    /files  auth    -     Empty     -       -         Files.upload  uploads

            """)
        #expect(APISurface(models: [model]).render(.markdown).hasPrefix("| Method | Path | Access | Body | Response | Errors | Paginate | Route | Server |\n"))
        #expect(APISurface(models: [model]).render(.json).contains(#""server" : "uploads""#))
        let plain = try #require(parseWithoutErrors(Self.base.replacingOccurrences(of: " server uploads", with: "")))
        #expect(!APISurface(models: [plain]).render(.text).contains("SERVER"))
        #expect(!APISurface(models: [plain]).render(.json).contains("server"))
    }

    @Test func aRouteMovedToOrFromAServerIsForSecurityReview() throws {
        let moved = Self.base.replacingOccurrences(of: "-> Empty server uploads", with: "-> Empty")
        #expect(try changes(to: moved) == [
            "new.routes:8:3: security-review: route 'Files.upload' is now sent to the base URL instead of server 'uploads' (https://uploads.files.example); its credential goes along: check that host is the API's",
        ])
        #expect(try changes(to: Self.base, from: moved) == [
            "new.routes:8:3: security-review: route 'Files.upload' is now sent to server 'uploads' (https://uploads.files.example) instead of the base URL; its credential goes along: check that host is the API's",
        ])
    }

    @Test func serverChangesAreClassified() throws {
        let new = """
            api Files
            server production https://api2.files.example/v1
            server regional https://{region}.files.example/{version}
              region = "us" in "us", "ap"
              version = "v1"
            server uploads https://uploads.files.example
            server backup https://backup.files.example
            group Files auth
              list   GET  /files -> [String]
              upload POST /files -> Empty server uploads
            """
        #expect(try changes(to: new) == [
            "new.routes:4:3: breaking: server 'regional' changed the values of 'region'; calls that pass a value it no longer lists do not compile",
            "new.routes:2:8: security-review: server 'production' changed its URL from 'https://api.files.example/v1' to 'https://api2.files.example/v1': requests and their credentials go to the new one; check it is the API's",
            "new.routes:3:8: security-review: server 'regional' changed its URL from 'https://{region}.files.example/v1' to 'https://{region}.files.example/{version}': requests and their credentials go to the new one; check it is the API's",
            "new.routes:4:3: non-breaking: server 'regional' changed the default of 'region' from \"eu\" to \"us\"",
            "new.routes:5:3: non-breaking: server 'regional' has a new variable 'version' = \"v1\"",
            "new.routes:7:8: non-breaking: server 'backup' (https://backup.files.example) was added",
        ])
        let without = Self.base.replacingOccurrences(of: "server uploads https://uploads.files.example\n", with: "").replacingOccurrences(of: " server uploads", with: "")
        #expect(try changes(to: without).contains("old.routes:5:8: breaking: server 'uploads' (https://uploads.files.example) was removed; code that names it in 'FilesServers' no longer compiles"))
    }
}
