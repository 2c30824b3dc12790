import EndpointKit
import Foundation
import PetStore
import PetStorePreview
import Testing

/// Hand-written next to the generated audit tests: the plugin's output is ordinary code.
@Test func generatedEndpointBuildsTheExpectedRequest() throws {
    let request = try PetsEndpoints.pets(limit: 5, tag: "c++ cat").urlRequest(baseURL: URL(string: "https://pets.example/v1")!)
    #expect(request.url?.absoluteString == "https://pets.example/v1/pets?limit=5&tag=c%2B%2B%20cat")
    #expect(request.httpMethod == "GET")
}

@Test func routeTableListsEveryRoute() {
    #expect(PetStoreRoutes.all.map(\.name) == ["pets", "pet", "addPet", "me"])
}

@Test func generatedModelsWorkWithHandWrittenExtensions() throws {
    let pet = Pet(id: ID("p-1"), name: "Rex")
    #expect(pet.kind == .dog && pet.greeting == "Hello, Rex!")
    let json = String(decoding: try JSONCoding.encoder.encode(pet), as: UTF8.self)
    #expect(json == #"{"id":"p-1","kind":"dog","name":"Rex"}"#)
}

@Test func previewClientAnswersTheServedSample() async throws {
    let pet = try await PetStorePreviewClient().send(PetsEndpoints.pet(id: ID("p-1")))
    #expect(pet == Pet.sample && Pet.previewList.count == 2)
}
