import EndpointKit
import Foundation
import PizzeriaAPI
import Testing

/// `extensions: [String: JSONValue] additional` of `OrderProblem` as generated: the members no
/// field names are kept, and encoded back beside the named ones unchanged.
@Suite("A model's additional members")
struct AdditionalMembersTests {
    private static let json = #"{"balance":30,"detail":"Your card was declined.","invalid_params":[{"name":"card"}],"status":402,"title":"Payment required"}"#

    @Test func theMembersNoFieldNamesAreKept() throws {
        let problem = try JSONCoding.decoder.decode(OrderProblem.self, from: Data(Self.json.utf8))
        #expect(problem.title == "Payment required")
        #expect(problem.status == 402)
        #expect(problem.extensions == ["balance": .integer(30), "invalid_params": .array([.object(["name": .string("card")])])])
    }

    @Test func theyAreSentBackUnchangedBesideTheNamedOnes() throws {
        let problem = try JSONCoding.decoder.decode(OrderProblem.self, from: Data(Self.json.utf8))
        #expect(String(decoding: try JSONCoding.encoder.encode(problem), as: UTF8.self) == Self.json)
    }

    @Test func aMemberAFieldNamesIsTheFieldsAlone() throws {
        let problem = OrderProblem(title: "Gone", status: 410, extensions: ["title": .string("shadow"), "trace": .string("t-1")])
        #expect(String(decoding: try JSONCoding.encoder.encode(problem), as: UTF8.self) == #"{"status":410,"title":"Gone","trace":"t-1"}"#)
        #expect(OrderProblem(title: "Gone", status: 410).extensions.isEmpty)
    }
}
