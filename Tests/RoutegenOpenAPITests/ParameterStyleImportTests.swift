import RoutegenCore
import RoutegenOpenAPI
import Testing

/// Every parameter style OpenAPI defines, imported into the route file's words; what no word
/// says is a warning at the parameter; an export writes the styles back.
@Suite("Import: parameter styles, path and header arrays, cookies")
struct ParameterStyleImportTests {
    static let description = """
        openapi: 3.1.0
        info: {title: Shop, version: '1'}
        security: []
        paths:
          /items/{ids}/{tag}/{codes}:
            get:
              operationId: items
              parameters:
                - {name: ids, in: path, required: true, schema: {type: array, items: {type: integer}}}
                - {name: tag, in: path, required: true, style: label, schema: {type: string}}
                - {name: codes, in: path, required: true, style: matrix, explode: true, schema: {type: array, items: {type: string}}}
                - {name: fields, in: query, explode: false, schema: {type: array, items: {type: string}}}
                - {name: sizes, in: query, style: spaceDelimited, explode: false, schema: {type: array, items: {type: integer}}}
                - {name: colors, in: query, style: pipeDelimited, explode: false, schema: {type: array, items: {type: string}}}
                - {name: filter, in: query, required: true, schema: {type: object, additionalProperties: {type: string}}}
                - {name: point, in: query, required: true, explode: false, schema: {type: object, additionalProperties: {type: integer}}}
                - {name: X-Trace-Ids, in: header, schema: {type: array, items: {type: string}}}
                - {name: session, in: cookie, required: true, schema: {type: string}}
                - {name: prefs, in: cookie, explode: false, schema: {type: array, items: {type: string}}}
                - {name: bad, in: cookie, schema: {type: array, items: {type: string}}}
                - {name: deepArr, in: query, style: deepObject, schema: {type: array, items: {type: string}}}
              responses:
                '204': {description: ok}

        """

    static let routes = """
        api Shop

        group Items public
          items GET /items/{ids: [Int]}/{tag: String label}/{codes: [String] matrix explode} ?fields: [String] comma ?sizes: [Int] space ?colors: [String] pipe ?filter: [String: String] spread ?point: [String: Int] comma ?deepArr: [String] header X-Trace-Ids: [String] cookie session: String cookie prefs: [String] cookie bad: [String] -> Empty

        """

    @Test func eachStyleBecomesItsWordAndWhatNoneSaysIsAWarning() throws {
        let diagnostics = DiagnosticCollector()
        let imported = OpenAPIImporter(path: "shop.yaml").importDescription(Array(Self.description.utf8), diagnostics: diagnostics)
        #expect(try #require(imported).text == Self.routes)
        #expect(diagnostics.sorted.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" } == [
            "20:11: cookie parameter 'bad' is an exploded array, which has no cookie spelling; sent as one cookie, its values joined by ','",
            "21:11: query parameter 'deepArr' is an array in 'deepObject' style, which OpenAPI defines for objects only; sent as a repeated name",
        ])
    }

    @Test func anExportWritesEachStyleBackAndImportsToTheSameRouteFile() throws {
        let model = try OpenAPIExporterTests.model(Self.routes)
        let exported = OpenAPIExporter().document(for: model)
        let parameters = try #require(exported["paths"]?["/items/{ids}/{tag}/{codes}"]?["get"]?["parameters"]?.sequence)
        let styles = parameters.map { node in
            (node["name"]?.string ?? "") + " " + (node["style"]?.string ?? "-") + " " + (node["explode"].map { $0.bool == true ? "explode" : "no-explode" } ?? "-")
        }
        #expect(styles == [
            "ids - -", "tag label no-explode", "codes matrix explode", "fields form no-explode", "sizes spaceDelimited no-explode",
            "colors pipeDelimited no-explode", "filter form explode", "point form no-explode", "deepArr - -", "X-Trace-Ids - -",
            "session - -", "prefs form no-explode", "bad form no-explode",
        ])
    }

    @Test func anExplodedFormObjectOfValuesIsOneQueryParameterPerField() throws {
        let description = """
            openapi: 3.1.0
            info: {title: Search, version: '1'}
            security: []
            paths:
              /search:
                get:
                  operationId: search
                  parameters:
                    - {name: page, in: query, schema: {type: integer}}
                    - {name: params, in: query, required: true, schema: {$ref: '#/components/schemas/Params'}}
                    - {name: nested, in: query, schema: {type: object, properties: {inner: {type: object, properties: {a: {type: string}}}}}}
                  responses:
                    '204': {description: ok}
            components:
              schemas:
                Params:
                  type: object
                  required: [q]
                  properties:
                    q: {type: string}
                    tags: {type: array, items: {type: string}}
                    page: {type: integer}
                    exact: {type: boolean}

            """
        let diagnostics = DiagnosticCollector()
        let imported = try #require(OpenAPIImporter(path: "search.yaml").importDescription(Array(description.utf8), diagnostics: diagnostics))
        #expect(imported.text.contains("search GET /search ?page: Int? ?q: String ?tags: [String] ?exact: Bool? -> Empty"))
        #expect(diagnostics.sorted.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" } == [
            "10:11: field 'page' of query parameter 'params' has the name or Swift label of another parameter of this operation, or one a route cannot send; left out",
            "11:45: query parameter 'nested' is 'SearchNested', which a query item cannot hold (an object is sent only as '[String: Value]', in 'deepObject' or 'form' style, or as its fields when they are values, in exploded 'form' style); left out",
        ])
    }

    @Test func aOneOfOfConstantsIsAnEnumNamedByTitles() throws {
        let description = """
            openapi: 3.1.0
            info: {title: Chat, version: '1'}
            security: []
            paths:
              /reactions:
                get:
                  operationId: reactions
                  parameters:
                    - {name: type, in: query, schema: {$ref: '#/components/schemas/ReactionTypes'}}
                    - {name: sort, in: query, schema: {$ref: '#/components/schemas/SortMode'}}
                  responses:
                    '204': {description: ok}
            components:
              schemas:
                ReactionTypes:
                  type: integer
                  oneOf:
                    - {title: NORMAL, description: Normal reaction type, const: 0}
                    - {title: BURST, description: Burst reaction type, const: 1}
                SortMode:
                  type: string
                  oneOf:
                    - {title: RELEVANCE, const: relevance}
                    - {title: CREATION_TIME, const: creation_time}

            """
        let diagnostics = DiagnosticCollector()
        let imported = try #require(OpenAPIImporter(path: "chat.yaml").importDescription(Array(description.utf8), diagnostics: diagnostics))
        #expect(imported.text.contains("reactions GET /reactions ?type: ReactionTypes? ?sort: SortMode? -> Empty"))
        #expect(imported.text.contains("""
            enum ReactionTypes: Int
              /// Normal reaction type
              normal = 0
              /// Burst reaction type
              burst  = 1
            """))
        #expect(imported.text.contains("enum SortMode\n  relevance\n  creation_time\n"))
        #expect(diagnostics.sorted.isEmpty)
    }
}
