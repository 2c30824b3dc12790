import EndpointKit
import Foundation
import LibraryAPI
import Testing

/// The article's model assertions, on the types generated from `Specs/Library.routes`: exact
/// bytes from `JSONCoding`, the memberwise initializer's defaults, merge patch's three states,
/// and an enum that keeps the values the server adds later.
@Suite("Generated Library models")
struct LibraryModelTests {
    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try JSONCoding.encoder.encode(value), as: UTF8.self)
    }

    @Test func bookTakesItsRequiredFieldsAndDefaultsTheRest() throws {
        let book = Book(id: ID("b-7"), title: "Dune")
        #expect(book.subtitle == nil && book.publishedAt == nil && book.tags == [] && book.genre == nil)
        #expect(try json(book) == #"{"id":"b-7","tags":[],"title":"Dune"}"#)
    }

    @Test func bookEncodesSortedWithoutItsNilFields() throws {
        #expect(try json(Book(id: ID("b-7"), title: "Dune", tags: ["a"])) == #"{"id":"b-7","tags":["a"],"title":"Dune"}"#)
    }

    @Test func bookUsesTheWireNameAndDecodesAnAbsentDefaultedField() throws {
        let data = Data(#"{"id":"b-7","title":"Dune","published_at":"1965-08-01T00:00:00Z","genre":"science_fiction"}"#.utf8)
        let book = try JSONCoding.decoder.decode(Book.self, from: data)
        #expect(book.tags == [])
        #expect(book.genre == .scienceFiction)
        #expect(book.publishedAt == Date(timeIntervalSince1970: -139_449_600))
        #expect(try json(book) == #"{"genre":"science_fiction","id":"b-7","published_at":"1965-08-01T00:00:00Z","tags":[],"title":"Dune"}"#)
    }

    @Test func nullAndAbsentOptionalsDecodeAsNil() throws {
        let book = try JSONCoding.decoder.decode(Book.self, from: Data(#"{"id":"b-7","title":"Dune","subtitle":null}"#.utf8))
        #expect(book.subtitle == nil)
    }

    @Test func bookPatchSendsOnlyWhatChanges() throws {
        #expect(try json(BookPatch()) == "{}")
        #expect(try json(BookPatch(subtitle: .clear)) == #"{"subtitle":null}"#)
        #expect(try json(BookPatch(title: .set("Dune Messiah"))) == #"{"title":"Dune Messiah"}"#)
        #expect(try json(BookPatch(title: .set("Dune Messiah"), subtitle: .clear)) == #"{"subtitle":null,"title":"Dune Messiah"}"#)
    }

    @Test func bookPatchDecodesItsThreeStates() throws {
        let patch = try JSONCoding.decoder.decode(BookPatch.self, from: Data(#"{"subtitle":null}"#.utf8))
        #expect(patch == BookPatch(subtitle: .clear))
        #expect(try JSONCoding.decoder.decode(BookPatch.self, from: Data(#"{"title":"X"}"#.utf8)) == BookPatch(title: .set("X")))
    }

    @Test func genreKeepsAValueTheServerAddsLater() throws {
        #expect(Genre.allCases == [.scienceFiction, .fantasy, .history])
        for genre in Genre.allCases {
            #expect(try JSONCoding.decoder.decode(Genre.self, from: JSONCoding.encoder.encode(genre)) == genre)
        }
        let horror = try JSONCoding.decoder.decode(Genre.self, from: Data(#""horror""#.utf8))
        #expect(horror == .unknown("horror"))
        #expect(try json(horror) == #""horror""#)
        #expect(Genre.unknown("horror").rawValue == "horror")
        #expect(Genre(rawValue: "science_fiction") == .scienceFiction)
    }

    @Test func newBookKeepsTheAPIsKey() throws {
        #expect(try json(NewBook(title: "Children of Dune", authorID: ID("a-1"))) == #"{"authorID":"a-1","title":"Children of Dune"}"#)
    }
}
