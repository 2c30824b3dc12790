import RoutegenCore

/// Hand-built models for snippet tests: short to write, with real line numbers.
enum ModelFixtures {
    static let path = "Specs/Library.routes"

    static func at(_ line: Int, _ column: Int = 3) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    static func parameter(_ name: String, _ kind: Parameter.Kind, _ type: TypeReference, default defaultValue: DefaultValue? = nil, line: Int = 5) -> Parameter {
        Parameter(name: name, kind: kind, type: type, defaultValue: defaultValue, location: at(line, 20), typeLocation: at(line, 30))
    }

    static func route(
        _ name: String,
        _ method: String = "GET",
        path: [PathComponent] = [.literal("books", location: at(5, 20))],
        query: [Parameter] = [],
        headers: [Parameter] = [],
        body: RequestBodySpec.Kind? = nil,
        accept: String? = nil,
        response: TypeReference = .named("Book"),
        access: Access = .public,
        deprecated: Bool = false,
        documentation: [String] = [],
        group: String = "Books",
        line: Int = 5
    ) -> Route {
        Route(
            name: name, groupName: group, location: at(line), documentation: documentation,
            method: method, methodLocation: at(line, 14), path: path, pathLocation: at(line, 20),
            queryParameters: query, headerParameters: headers,
            body: body.map { RequestBodySpec(kind: $0, location: at(line, 40), typeLocation: at(line, 45)) },
            accept: accept, acceptLocation: accept == nil ? nil : at(line, 50),
            response: response, responseLocation: at(line, 60), access: access, isDeprecated: deprecated
        )
    }

    static func api(_ routes: [Route], groupAccess: Access = .public, groupName: String = "Books", imports: [String] = ["LibraryModels"]) -> APIModel {
        APIModel(
            name: "Library", location: at(1, 5), sourcePath: path,
            imports: imports.map { ImportDeclaration(module: $0, location: at(2, 8)) },
            groups: [RouteGroup(name: groupName, access: groupAccess, documentation: [], location: at(4, 7), routes: routes)]
        )
    }
}
