import RoutegenCore
import RoutegenSamples
import RoutegenServe
import Testing

/// `routegen serve` answers samples inside the route file's constraints and refuses a request
/// whose body (422) or query or header value (400) breaks one, naming where.
@Suite("routegen serve: constraints and examples")
struct ServedConstraintTests {
    private static let source = """
        api Music
        group Tracks public
          tracks GET /tracks ?limit: Int = 20 minimum 1 maximum 100 ?tag: [String] pattern "^[a-z]+$" max-items 2 header X-Trace: String? max-length 4 -> [Track]
          addTrack POST /tracks body Track -> Track

        model Track
          title:     String   min-length 12 max-length 14
          signature: Int      minimum 3 maximum 12
          price:     Double   exclusive-minimum 0 maximum 0.2 multiple-of 0.05
          code:      String   pattern "^[A-Z]{2}-\\\\d{3}$"
          contact:   String   format email
          released:  String   format date
          mood:      String   example "calm"
          tags:      [String] max-length 3 min-items 3
        """

    private static func api() throws -> ServedAPI {
        ServedAPI(models: [try ServeTestSupport.model(source)])
    }

    private static func text(_ answer: ServedAPI.Answer) -> String {
        String(decoding: answer.response.body, as: UTF8.self)
    }

    @Test func theSampleKeepsEveryConstraint() throws {
        let answer = try Self.api().answer(ServeRequest(method: "POST", target: "/tracks", body: Array(Self.valid.utf8)))
        #expect(answer.response.status == 200)
        #expect(Self.text(answer) == #"{"code":"CO-123","contact":"user-1@example.com","mood":"calm","price":0.2,"released":"2026-01-01","signature":3,"tags":["Tag","Tag","Tag"],"title":"Title 1sampl"}"#)
    }

    private static let valid = #"{"title":"Twelve chars","signature":4,"price":0.1,"code":"AB-123","contact":"a@example.com","released":"2026-02-01","mood":"x","tags":["a","b","c"]}"#

    @Test func aBodyThatBreaksAConstraintIsA422NamingTheValue() throws {
        let api = try Self.api()
        func refusal(_ replacing: String, with value: String) -> String {
            let body = Self.valid.replacingOccurrences(of: replacing, with: value)
            let answer = api.answer(ServeRequest(method: "POST", target: "/tracks", body: Array(body.utf8)))
            #expect(answer.response.status == 422)
            return Self.text(answer)
        }
        #expect(refusal(#""signature":4"#, with: #""signature":2"#) == #"{"error":"the body does not fit Track: signature: 2 is below the minimum of 3","route":"addTrack"}"#)
        #expect(refusal(#""price":0.1"#, with: #""price":0.12"#) == #"{"error":"the body does not fit Track: price: 0.12 is no multiple of 0.05","route":"addTrack"}"#)
        #expect(refusal(#""price":0.1"#, with: #""price":0"#) == #"{"error":"the body does not fit Track: price: 0 is not above 0","route":"addTrack"}"#)
        #expect(refusal(#""title":"Twelve chars""#, with: #""title":"Short""#) == #"{"error":"the body does not fit Track: title: \"Short\" is shorter than 12 characters","route":"addTrack"}"#)
        #expect(refusal(#""code":"AB-123""#, with: #""code":"ab-123""#) == #"{"error":"the body does not fit Track: code: \"ab-123\" does not match the pattern \"^[A-Z]{2}-\\\\d{3}$\"","route":"addTrack"}"#)
        #expect(refusal(#""contact":"a@example.com""#, with: #""contact":"nobody""#) == #"{"error":"the body does not fit Track: contact: \"nobody\" is no email","route":"addTrack"}"#)
        #expect(refusal(#""tags":["a","b","c"]"#, with: #""tags":["a","b"]"#) == #"{"error":"the body does not fit Track: tags: has 2 elements, fewer than 3","route":"addTrack"}"#)
        #expect(refusal(#""tags":["a","b","c"]"#, with: #""tags":["a","b","long"]"#) == #"{"error":"the body does not fit Track: tags[2]: \"long\" is longer than 3 characters","route":"addTrack"}"#)
    }

    @Test func aQueryOrHeaderValueThatBreaksAConstraintIsA400() throws {
        let api = try Self.api()
        func answer(_ target: String, headers: [(name: String, value: String)] = []) -> ServedAPI.Answer {
            api.answer(ServeRequest(method: "GET", target: target, headers: headers))
        }
        #expect(answer("/tracks?limit=100&tag=rock").response.status == 200)
        #expect(Self.text(answer("/tracks?limit=0")) == #"{"error":"query parameter 'limit': 0 is below the minimum of 1","route":"tracks"}"#)
        #expect(answer("/tracks?limit=101").response.status == 400)
        #expect(Self.text(answer("/tracks?tag=Rock")) == #"{"error":"query parameter 'tag': 'Rock' does not match the pattern \"^[a-z]+$\"","route":"tracks"}"#)
        #expect(Self.text(answer("/tracks?tag=a&tag=b&tag=c")) == #"{"error":"query parameter 'tag': sent 3 times, more than 2","route":"tracks"}"#)
        #expect(Self.text(answer("/tracks", headers: [("X-Trace", "abcde")])) == #"{"error":"header 'X-Trace': 'abcde' is longer than 4 characters","route":"tracks"}"#)
    }
}

/// `status 201` is what `routegen serve` answers a success with.
@Suite("routegen serve: the success status")
struct ServedSuccessStatusTests {
    @Test func aSuccessAnswersTheDeclaredStatus() throws {
        let api = ServedAPI(models: [try ServeTestSupport.model("""
            api Jobs
            group Jobs public
              startJob POST /jobs -> String status 201
              clearJobs DELETE /jobs -> Empty status 202
              jobs GET /jobs -> String
            """)])
        let started = api.answer(ServeRequest(method: "POST", target: "/jobs"))
        #expect(started.response.status == 201)
        #expect(String(decoding: started.response.body, as: UTF8.self) == #""Start job 1""#)
        #expect(api.answer(ServeRequest(method: "DELETE", target: "/jobs")).response == ServeResponse(status: 202))
        #expect(api.answer(ServeRequest(method: "GET", target: "/jobs")).response.status == 200)
    }
}
