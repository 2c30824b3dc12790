import Foundation
import RoutegenEmit
import Testing

/// Proves with the real compiler that the route table's text gives back every field exactly,
/// escapes included: the generated `<Api>Routes.swift` is built into a small program that
/// prints `all`.
@Suite("Route table with swiftc")
struct RouteTableRoundTripTests {
    @Test func everyFieldComesBackAsWritten() throws {
        let spec = #"""
            api Library
            group Books public
              book GET /books/{id: ID<Book>} -> Book
              upload PUT /bücher/{id: ID<Book>} body raw "text/plain; x=\"a | b\" 100%2D\\\t\n" -> [String: Int] auth
              dash PUT /dash body raw "-/-" -> Empty
              spaced PUT /spaced/ body raw "a/b " -> Data
            group Loans auth
              returnBook DELETE /me/loans/{id: ID<Book>} -> Empty
              patch PATCH / body merge-patch BookPatch -> Book
            """#
        let table = try #require(SpecSnippets.files(spec).last)
        #expect(table.relativePath == "LibraryAPI/LibraryRoutes.swift")
        #expect(!table.contents.contains("ArgumentText"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("routegen-table-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The table uses nothing of EndpointKit when no argument needs the helper; without the
        // import the program links against Foundation alone.
        let source = table.contents.replacingOccurrences(of: "import EndpointKit\n", with: "")
        try source.write(to: folder.appendingPathComponent("LibraryRoutes.swift"), atomically: true, encoding: .utf8)
        try #"""
            for route in LibraryRoutes.all {
                let fields: [String] = [
                    String(reflecting: route.group), String(reflecting: route.name), String(reflecting: route.method),
                    String(reflecting: route.pathTemplate), String(reflecting: route.requiresAuthentication),
                    String(reflecting: route.bodyKind), String(reflecting: route.contentType), String(reflecting: route.responseType),
                ]
                print(fields.joined(separator: ", "))
            }

            """#.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let build = try Self.run("/usr/bin/env", ["swiftc", "-module-name", "RoundTrip", "LibraryRoutes.swift", "main.swift", "-o", "table"], in: folder)
        #expect(build.status == 0, "\(build.output)")
        guard build.status == 0 else { return }
        let run = try Self.run(folder.appendingPathComponent("table").path, [], in: folder)
        #expect(run.status == 0)

        let expected: [(String, String, String, String, Bool, String?, String?, String)] = [
            ("Books", "book", "GET", "/books/{id}", false, nil, nil, "Book"),
            ("Books", "upload", "PUT", "/bücher/{id}", true, "raw", "text/plain; x=\"a | b\" 100%2D\\\t\n", "Dictionary<String, Int>"),
            ("Books", "dash", "PUT", "/dash", false, "raw", "-/-", "Empty"),
            ("Books", "spaced", "PUT", "/spaced/", false, "raw", "a/b ", "Data"),
            ("Loans", "returnBook", "DELETE", "/me/loans/{id}", true, nil, nil, "Empty"),
            ("Loans", "patch", "PATCH", "/", true, "merge-patch", "application/merge-patch+json", "Book"),
        ]
        let lines = expected.map { route in
            [
                String(reflecting: route.0), String(reflecting: route.1), String(reflecting: route.2), String(reflecting: route.3),
                String(reflecting: route.4), String(reflecting: route.5), String(reflecting: route.6), String(reflecting: route.7),
            ].joined(separator: ", ")
        }
        #expect(run.output == lines.joined(separator: "\n") + "\n")
    }

    /// Runs `executable` in `folder` and returns its exit status and what it printed.
    static func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
