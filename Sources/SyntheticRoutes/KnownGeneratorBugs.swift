/// Route files the resolver accepts whose generated code does not compile cleanly, or whose
/// generated audit tests fail, or that take the generator exponential time: the smallest file
/// for each bug found by the random compile check (scripts/compile-random-specs.sh), its probes
/// and the benchmark's profile. `RandomRouteFile` leaves these forms out
/// unless asked (`knownBugs`), so the check stays green while the bugs are open; when one is
/// fixed, its form can move into `RandomTypes` for good and its entry here be removed.
///
/// `routegen-fuzz --write-known-bugs DIR` writes each file to DIR as `<name>.routes`.
public enum KnownGeneratorBugs {
    /// One bug: a name, what goes wrong, and the smallest route file that shows it.
    public struct Bug: Sendable {
        /// A file name: `keyword-field`.
        public var name: String
        /// What the compiler or the test run says, in short.
        public var symptom: String
        /// The route file.
        public var routeFile: String
    }

    /// Every known bug, in the order found.
    public static let all: [Bug] = [
        Bug(
            name: "keyword-field",
            symptom: "a field named like a Swift keyword: the memberwise initializer assigns `self.`default` = default` (error: expected expression in assignment)",
            routeFile: file("KeywordField", types: "model Setting\n  default: String\n", route: "setting GET /setting -> Setting")
        ),
        Bug(
            name: "container-field",
            symptom: "a field named `container` in a model decoded by hand (it has a default): `container = try container.decode(...)` (error: cannot assign to value: 'container' is a 'let' constant)",
            routeFile: file("ContainerField", types: "model Box\n  container: String\n  size: Int = 1\n", route: "box GET /box -> Box")
        ),
        Bug(
            name: "decoder-field",
            symptom: "a field named `decoder` in a model decoded by hand: `decoder = try container.decode(...)` (error: cannot assign to value: 'decoder' is a 'let' constant)",
            routeFile: file("DecoderField", types: "model Box\n  decoder: String\n  size: Int = 1\n", route: "box GET /box -> Box")
        ),
        Bug(
            name: "encoder-field",
            symptom: "a field named `encoder` in a model encoded by hand (it has a present-but-null field): `try container.encodeIfPresent(encoder, ...)` passes the encoder (error: no exact matches in call to instance method 'encodeIfPresent')",
            routeFile: file("EncoderField", types: "model Box\n  encoder: String?\n  value: String? required\n", route: "box GET /box -> Box")
        ),
        Bug(
            name: "patch-container-field",
            symptom: "a patch of a field named `container`: `container = try container.decode(...)` and `try container.encode(container, ...)` (error: cannot assign to value: 'container' is a 'let' constant)",
            routeFile: file(
                "PatchContainer", types: "model Box\n  container: String\n\npatch BoxPatch of Box\n  container\n",
                route: "update PATCH /box body merge-patch BoxPatch -> Box"
            )
        ),
        Bug(
            name: "hash-value-field",
            symptom: "a field `hash_value` (Swift `hashValue`) in a model encoded by hand (it has a present-but-null field): `try container.encode(hashValue, ...)` finds `Hashable.hashValue` too (String, Int: error: ambiguous use of 'hashValue'; an enum: it encodes the Int, and the round trip fails: expected String, found number)",
            routeFile: file(
                "HashValueField", types: "model Plain\n  hash_value: String\n  note: String? required\n",
                route: "plain GET /plain -> Plain"
            )
        ),
        Bug(
            name: "deprecated-type",
            symptom: "a deprecated model or enum: its own file names it in `extension Old: RouteAuditSample` and `auditSample` (warning: 'Old' is deprecated)",
            routeFile: file("DeprecatedType", types: "model Old deprecated\n  x: String\n\nenum Mood deprecated\n  calm\n", route: "ping GET /ping -> Empty")
        ),
        Bug(
            name: "discriminator-field",
            symptom: "a union variant with a field named like the discriminator: encoding writes the tag over the field (the round trip fails)",
            routeFile: file(
                "DiscriminatorField", types: "model Circle\n  kind: String\n  radius: Double\n\nunion Shape by kind\n  circle: Circle\n",
                route: "shape GET /shape -> Shape"
            )
        ),
        Bug(
            name: "enum-case-clash",
            symptom: "enum cases `all_cases` and `audit_sample` become `allCases` and `auditSample`, which the enum declares too (error: ambiguous use of 'auditSample'; invalid redeclaration of 'allCases')",
            routeFile: file("EnumCaseClash", types: "enum Filter\n  all_cases\n  audit_sample\n", route: "filters GET /filters -> [Filter]")
        ),
        Bug(
            name: "integer-enum-same-value",
            symptom: "integer enum cases written differently with one value (`0`, `-0`, `00`): `init(rawValue:)` has the literal twice (warning: literal value is already handled by previous pattern) and the second case cannot round-trip",
            routeFile: file("SameValue", types: "enum Level: Int\n  zero = 0\n  minus_zero = -0\n", route: "level GET /level -> Level")
        ),
        Bug(
            name: "generic-spelling",
            symptom: "`Optional<String>` and `Array<Int>` written as generics in a model: the audit sample is `Optional<String>.auditSample` (error: type 'Optional<String>' has no member 'auditSample')",
            routeFile: file("GenericSpelling", types: "model Box\n  x: Optional<String>\n  y: Array<Int>\n", route: "box GET /box -> Box")
        ),
        Bug(
            name: "substring-field",
            symptom: "a `Substring` field, a type the route language knows but that is not Codable (error: type 'Box' does not conform to protocol 'Decodable')",
            routeFile: file("SubstringField", types: "model Box\n  s: Substring\n", route: "box GET /box -> Box")
        ),
        Bug(
            name: "generic-parameter-any",
            symptom: "a generic parameter named `Any`, a keyword (error: expected an identifier to name generic parameter)",
            routeFile: file("GenericAny", types: "model Box<Any>\n  x: Any\n", route: "box GET /box -> Box<String>")
        ),
        Bug(
            name: "shadowing-type-name",
            symptom: "a model named like a type the generated code uses (`Decoder`, `Codable`, `Sendable`, `Hashable`, `Equatable`, `CodingKey`, `RouteAuditSample`, `HTTPClient`, `Endpoint`, `PatchField`): the generated code no longer compiles (error: inheritance from non-protocol type 'Hashable')",
            routeFile: file("ShadowingName", types: "model Hashable\n  x: String\n", route: "thing GET /thing -> Hashable")
        ),
        Bug(
            name: "union-without-finite-variant",
            symptom: "a model that holds a union whose every variant holds the model again: the audit samples call each other forever (the round-trip tests crash with a stack overflow, signal 11)",
            routeFile: file("EndlessSample", types: "model Holder\n  shape: Shape\n\nunion Shape by kind\n  holder: Holder\n", route: "shape GET /shape -> Shape")
        ),
        Bug(
            name: "nested-form-body",
            symptom: "`body form` of a model with a nested model or a dictionary: accepted, but the request cannot be encoded (the route audit fails: form field 'inner' is an object; a form body must be flat)",
            routeFile: file("NestedForm", types: "model Inner\n  x: String\n\nmodel Login\n  user: String\n  inner: Inner\n", route: "login POST /login body form Login -> Empty")
        ),
        Bug(
            name: "exponential-sample-walk",
            symptom: "models that hold earlier ones through arrays and optionals, in a chain: the audit samples' `reaches` check walks every path of the type graph (a visited set per path, nothing remembered), so generation time grows as 1.6^n: 26 models 0.5 s, 30 models 3.3 s, 32 models 8.8 s (release build), 40 models about ten minutes",
            routeFile: chain(32)
        ),
    ]

    /// `M0`, then `M<i>` holding `[M<i-1>]` and `M<i-2>?`, up to `M<count-1>`.
    private static func chain(_ count: Int) -> String {
        var types = "model M0\n  v: String\n\nmodel M1\n  a: [M0]\n  b: String\n"
        for index in 2..<count {
            types += "\nmodel M\(index)\n  a: [M\(index - 1)]\n  b: M\(index - 2)?\n"
        }
        return file("Chain", types: types, route: "top GET /top -> M\(count - 1)")
    }

    private static func file(_ api: String, types: String, route: String) -> String {
        "api \(api)\n\n\(types)\ngroup Things public\n  \(route)\n"
    }
}
