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
        #expect(swift == #"""
            /// Routes of the Orders group. Public unless marked.
            public nonisolated enum OrdersEndpoints {
            #sourceLocation(file: "Specs/Test.routes", line: 3)
                /// `POST /orders` · public · errors: `error.body(as: ValidationError.self)`
                public static func place(body: NewOrder) -> Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .post,
                        path: ["orders"],
                        body: .json(body),
                        auth: nil
                    ).withErrorBody(ValidationError.self)
                }

            #sourceLocation(file: "Specs/Test.routes", line: 4)
                /// `GET /menu` · public · errors: `error.body(as: ProblemDetails.self)`
                public static var menu: Endpoint<Empty> {
            #sourceLocation()
                    Endpoint(
                        method: .get,
                        path: ["menu"],
                        auth: nil
                    ).withErrorBody(ProblemDetails.self)
                }
            }

            """#)
    }
}
