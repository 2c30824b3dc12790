import EndpointKit
import Foundation
import Testing

/// A model that holds itself through optional fields, as the generator writes one: its value
/// types have a size, decode and encode as plain optionals do, and compare by value.
@Suite("Indirect storage of a field through which a model holds itself")
struct IndirectTests {
    nonisolated struct Folder: Codable, Equatable, Hashable, Sendable {
        var name: String
        var parent: Folder? {
            get { _parent.wrappedValue }
            set { _parent.wrappedValue = newValue }
        }
        private var _parent: EndpointKit.Indirect<Folder?>

        init(name: String, parent: Folder? = nil) {
            self.name = name
            self._parent = EndpointKit.Indirect(wrappedValue: parent)
        }

        private enum CodingKeys: String, CodingKey {
            case name
            case _parent = "parent"
        }
    }

    @Test func anAbsentOrNullFieldIsNilAndNilIsLeftOut() throws {
        let absent = try JSONCoding.decoder.decode(Folder.self, from: Data(#"{"name":"a"}"#.utf8))
        let null = try JSONCoding.decoder.decode(Folder.self, from: Data(#"{"name":"a","parent":null}"#.utf8))
        #expect(absent.parent == nil && null.parent == nil)
        #expect(String(decoding: try JSONCoding.encoder.encode(null), as: UTF8.self) == #"{"name":"a"}"#)
    }

    @Test func nestedValuesRoundTrip() throws {
        let text = #"{"name":"c","parent":{"name":"b","parent":{"name":"a"}}}"#
        let folder = try JSONCoding.decoder.decode(Folder.self, from: Data(text.utf8))
        #expect(folder.parent?.parent?.name == "a")
        #expect(String(decoding: try JSONCoding.encoder.encode(folder), as: UTF8.self) == text)
    }

    @Test func aCopyIsAValueOfItsOwn() {
        let original = Folder(name: "c", parent: Folder(name: "b"))
        var copy = original
        copy.parent?.name = "changed"
        #expect(original.parent?.name == "b")
        #expect(copy.parent?.name == "changed")
        #expect(copy != original)
        #expect(Folder(name: "c", parent: Folder(name: "b")) == original)
        #expect(Set([original, Folder(name: "c", parent: Folder(name: "b"))]).count == 1)
    }
}
