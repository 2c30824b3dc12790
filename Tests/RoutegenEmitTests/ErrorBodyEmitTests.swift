import RoutegenEmit
import Testing

/// What `errors ProblemDetails` becomes: the endpoint names its error type, the docs say how to read it.
@Suite("Error bodies, emitted")
struct ErrorBodyEmitTests {
    @Test func endpointCarriesTheNearestErrorTypeAndItsDocsSayHowToReadIt() {
        let swift = SpecSnippets.endpoints(#"""
            api Pizzeria
            errors ProblemDetails
            group Orders public
              place POST /orders body NewOrder -> Empty errors ValidationError
              menu  GET  /menu                 -> Empty
            """#)
        #expect(swift.contains(#"""
                /// `POST /orders` · public · errors: `error.body(as: ValidationError.self)`
                public static func place(body: NewOrder) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .post,
                        path: ["orders"],
                        body: .json(body),
                        auth: nil
                    ).withErrorBody(ValidationError.self)
            """#))
        #expect(swift.contains(#"""
                    Endpoint(
                        method: .get,
                        path: ["menu"],
                        auth: nil
                    ).withErrorBody(ProblemDetails.self)
            """#))
    }
}
