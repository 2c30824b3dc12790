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
        let swift = SpecSnippets.endpoints(source)
        #expect(swift == #"""
            /// Routes of the Books group. Require authentication unless marked.
            public nonisolated enum BooksEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 4)
                /// `POST /covers` · requires authentication
                public static func uploadCover(body: UploadCover) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .post,
                        path: ["covers"],
                        body: .multipart(body),
                        auth: .bearer
                    )
                }
            }

            """#)
    }

    @Test func auditExpectsTheMultipartMediaType() {
        let declaration = AuditTestsSnippets.declaration(of: "uploadCover", in: source)
        #expect(declaration == #"""
            let route = AuditedRoute(
                name: "uploadCover",
                method: "POST",
                pathTemplate: "/covers",
                requiresAuthentication: true,
                contentType: "multipart/form-data",
                accept: "application/json",
                url: "https://audit.routegen.test/v1/covers",
                endpoint: { try BooksEndpoints.uploadCover(body: auditSample(UploadCover.self)) }
            )
            routes.append(route)

            """#)
    }
}
