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
    ///
    /// Empty: each of the sixteen forms found so far is either generated correctly (a field
    /// named `container`, `decoder`, `encoder` or a keyword; deprecated types; a variant that
    /// declares the discriminator; `Optional<T>`/`Array<T>`; a union with no finite variant) or
    /// refused by the resolver at its column (`allCases`/`auditSample` cases, `hashValue`,
    /// `-0` beside `0`, `Substring`, a keyword generic parameter, `model Hashable`, a nested form
    /// body); ModelDeclarationTests holds their diagnostics. `RandomTypes` still writes their forms
    /// only with `knownBugs`; the ones that compile now can move into it for good.
    public static let all: [Bug] = []

    private static func file(_ api: String, types: String, route: String) -> String {
        "api \(api)\n\n\(types)\ngroup Things public\n  \(route)\n"
    }
}
