import RoutegenCore
import Testing

/// `body multipart Type`: the model's fields are the parts.
@Suite("Multipart bodies")
struct MultipartBodyTests {
    private func upload(_ model: String, body: String = "UploadCover") -> String {
        "api Library\n\(model)group Books auth\n  uploadCover POST /books/{id: Int}/cover body multipart \(body) -> Empty\n"
    }

    @Test func multipartBodyOfAModelWithAFilePart() throws {
        let (model, diagnostics) = load(upload("model UploadCover\n  image: FilePart\n  caption: String?\n"))
        #expect(diagnostics == [])
        let route = try #require(model?.routes.first)
        #expect(route.body?.kind == .multipart(.named("UploadCover")))
        #expect(route.body?.contentType == "multipart/form-data")
        #expect(route.body?.typeLocation == at(6, 58))
    }

    @Test func modelWithoutFieldsIsAnErrorAtTheBodyType() {
        #expect(load(upload("model UploadCover\n")).diagnostics == [
            .error("multipart body 'UploadCover' of route 'uploadCover' has no fields, so it has no parts; add a field per part (a 'FilePart' for a file)", at: at(4, 58)),
        ])
    }

    @Test func aScalarOrAnEnumIsNoMultipartBody() {
        #expect(load(upload("model M\n  x: Int\n", body: "String")).diagnostics == [
            .error("route 'uploadCover' sends 'body multipart String'; a multipart body is a model whose fields are the parts, such as 'model UploadCover' with a 'FilePart' field", at: at(5, 58)),
        ])
        #expect(load(upload("enum Kind\n  a\n", body: "Kind")).diagnostics == [
            .error("route 'uploadCover' sends 'body multipart Kind', which is not a model; a multipart body is a model whose fields are the parts", at: at(5, 58)),
        ])
    }

    @Test func formatterPrintsItBack() {
        let source = "api A\ngroup G auth\n  u POST /u body   multipart  U -> Empty\n"
        let expected = "api A\ngroup G auth\n  u POST /u body multipart U -> Empty\n"
        let formatted = formattedTwice(source)
        #expect(formatted.once == expected)
        #expect(formatted.twice == expected)
    }
}
