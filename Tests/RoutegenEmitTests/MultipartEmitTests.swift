import RoutegenEmit
import Testing

/// `body multipart UploadCover` in the endpoint and its audit.
@Suite("Multipart bodies, emitted")
struct MultipartEmitTests {
    private let source = #"""
        api Library
        model UploadCover
          image: FilePart
        group Books auth
          uploadCover POST /covers body multipart UploadCover -> Empty
        """#

    @Test func endpointBuildsAMultipartBody() {
        #expect(SpecSnippets.endpoints(source).contains("""
                    body: .multipart(body),
            """))
    }

    @Test func auditExpectsTheMultipartMediaType() {
        let declaration = AuditTestsSnippets.declaration(of: "uploadCover", in: source)
        #expect(declaration.contains(#"contentType: "multipart/form-data","#))
    }
}
