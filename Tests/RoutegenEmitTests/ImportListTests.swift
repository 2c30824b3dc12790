import RoutegenCore
@testable import RoutegenEmit
import Testing

/// Each generated file imports a module `public` (or `package`) exactly when a declaration of
/// that access names one of its types, so the code compiles with `InternalImportsByDefault` and
/// without a warning about an unused public import; and every top-level declaration is
/// `nonisolated`, so a target whose default isolation is the main actor compiles it.
@Suite("Imports and isolation of generated files")
struct ImportListTests {
    static let spec = #"""
        api Shop
        import Catalog

        model Plain
          name: String

        model Stamped
          at: Date

        enum Size
          small

        group Orders public
          order GET /orders/{id: Int} -> Plain
        group Items public
          item GET /items/{id: Int} -> Product
        """#

    /// The import lines of the file at `path`, in order.
    static func imports(_ path: String, options: EmitOptions = EmitOptions(), preview: Bool = false) throws -> [String] {
        let files = preview ? SpecSnippets.previewFiles(spec, options: options) : SpecSnippets.files(spec, options: options)
        let file = try #require(files.first { $0.relativePath == path })
        return SpecSnippets.imports(of: file.contents)
    }

    @Test func aModelOfStandardTypesOnlyImportsPlainly() throws {
        let file = try #require(SpecSnippets.files("api Shop\nmodel Plain\n  name: String\n").first)
        #expect(file.relativePath == "ShopAPI/ShopModels.swift")
        #expect(SpecSnippets.imports(of: file.contents) == ["import EndpointKit", "import Foundation"])
    }

    @Test func aFileExposesTheModulesItsPublicDeclarationsName() throws {
        // Plain, Stamped (a Date) and Size (an OpenEnumeration) go with the first group that names them, or before it.
        #expect(try Self.imports("ShopAPI/OrdersModels.swift") == ["public import EndpointKit", "public import Foundation", "import Catalog"])
        // Endpoints always name `Endpoint`; `Product` is none of the file's, so it comes from the route file's import.
        #expect(try Self.imports("ShopAPI/OrdersEndpoints.swift") == ["public import EndpointKit", "import Foundation", "import Catalog"])
        #expect(try Self.imports("ShopAPI/ItemsEndpoints.swift") == ["public import EndpointKit", "import Foundation", "public import Catalog"])
        // The route table's declarations name only strings and Booleans.
        #expect(try Self.imports("ShopAPI/ShopRoutes.swift") == ["import EndpointKit", "import Foundation"])
    }

    @Test func foundationIsExposedForItsOwnTypesNotForAnotherImportsType() throws {
        let spec = #"""
            api Shop
            import Foundation
            import Catalog

            group Items public
              item GET /items/{id: Int} -> Product
              zone GET /zone -> TimeZone
              locale GET /locale -> Foundation.Locale
            """#
        let files = SpecSnippets.files(spec)
        let file = try #require(files.first { $0.relativePath == "ShopAPI/ItemsEndpoints.swift" })
        #expect(SpecSnippets.imports(of: file.contents) == ["public import EndpointKit", "public import Foundation", "public import Catalog"])
        let onlyProduct = SpecSnippets.files(spec.replacingOccurrences(of: "\n  zone GET /zone -> TimeZone\n  locale GET /locale -> Foundation.Locale", with: ""))
        let productFile = try #require(onlyProduct.first { $0.relativePath == "ShopAPI/ItemsEndpoints.swift" })
        #expect(SpecSnippets.imports(of: productFile.contents) == ["public import EndpointKit", "import Foundation", "public import Catalog"])
        let foundationOnly = SpecSnippets.files("api Shop\nimport Foundation\ngroup Items public\n  item GET /items -> Locale\n")
        let localeFile = try #require(foundationOnly.first { $0.relativePath == "ShopAPI/ItemsEndpoints.swift" })
        #expect(SpecSnippets.imports(of: localeFile.contents) == ["public import EndpointKit", "public import Foundation"])
    }

    @Test func packageAccessImportsAsPackageAndInternalAccessPlainly() throws {
        #expect(try Self.imports("ShopAPI/OrdersEndpoints.swift", options: EmitOptions(accessLevel: .package)) == ["package import EndpointKit", "import Foundation", "import Catalog"])
        #expect(try Self.imports("ShopAPI/OrdersEndpoints.swift", options: EmitOptions(accessLevel: .internal)) == ["import EndpointKit", "import Foundation", "import Catalog"])
    }

    @Test func theCompanionExposesTheTypesItExtendsAndTheProtocolsTheyConformTo() throws {
        #expect(try Self.imports("ShopAPIPreview/OrdersSamples.swift", preview: true) == [
            "public import EndpointKit", "import Foundation", "import Catalog", "public import ShopAPI",
            "public import struct ShopAPI.Plain", "public import struct ShopAPI.Stamped", "public import enum ShopAPI.Size",
        ])
        #expect(try Self.imports("ShopAPIPreview/OrdersSamples.swift", options: EmitOptions(accessLevel: .internal), preview: true) == [
            "import EndpointKit", "import Foundation", "import Catalog", "@testable import ShopAPI",
            "@testable import struct ShopAPI.Plain", "@testable import struct ShopAPI.Stamped", "@testable import enum ShopAPI.Size",
        ])
    }

    @Test func theCompanionExposesAnImportOnlyWhereASampleNamesItsType() throws {
        let spec = "api Shop\nimport Catalog\nmodel Page<Item>\n  items: [Item]\ngroup Items public\n  items GET /items -> Page<Product>\n"
        let file = try #require(SpecSnippets.previewFiles(spec).first { $0.relativePath == "ShopAPIPreview/ItemsSamples.swift" })
        #expect(SpecSnippets.imports(of: file.contents) == ["public import EndpointKit", "import Foundation", "import Catalog", "public import ShopAPI", "public import struct ShopAPI.Page"])
        #expect(!file.contents.contains("where Item == Product"))
    }

    @Test func everyTopLevelDeclarationIsNonisolated() throws {
        let sources = SpecSnippets.files(Self.spec) + SpecSnippets.previewFiles(Self.spec)
        let heads = sources.flatMap { $0.contents.split(separator: "\n") }.filter { line in
            ["public ", "extension ", "enum ", "struct "].contains { line.hasPrefix($0) } && !line.contains("typealias ") && !line.contains("import ")
        }
        #expect(!heads.isEmpty)
        #expect(heads.filter { !$0.contains("nonisolated ") }.isEmpty)
    }
}
