import RoutegenCore
import RoutegenServe
import Testing

/// `serve` reads each parameter in its style: path arrays, `label` and `matrix`, delimited
/// query arrays, header arrays and cookies, and names what is wrong.
@Suite("routegen serve: parameter styles")
struct ServedStyleTests {
    private static func api() throws -> ServedAPI {
        ServedAPI(models: [try ServeTestSupport.model("""
            api T
            group G public
              items GET /items/{ids: [Int]}/{tag: String label}/{codes: [Int] matrix explode} ?sizes: [Int] pipe header X-Ids: [Int] cookie session: String cookie prefs: [Int] -> Empty

            """)])
    }

    private static func answer(_ target: String, headers: [(name: String, value: String)] = [("Cookie", "session=s1")]) throws -> (status: Int, text: String) {
        let answer = try api().answer(ServeRequest(method: "GET", target: target, headers: headers))
        return (answer.response.status, String(decoding: answer.response.body, as: UTF8.self))
    }

    @Test func eachStyleIsReadAsItIsSent() throws {
        #expect(try Self.answer("/items/1,2/.a/;codes=3;codes=4?sizes=5%7C6", headers: [("X-Ids", "7,8"), ("Cookie", "session=s%201; prefs=9,10")]).status == 204)
    }

    @Test func aValueOfTheWrongTypeOrShapeIsNamed() throws {
        #expect(try Self.answer("/items/1,x/.a/;codes=3").text == #"{"error":"path parameter 'ids': expected an integer, not 'x', so there is no such resource","route":"items"}"#)
        #expect(try Self.answer("/items/1/a/;codes=3").text == #"{"error":"path parameter 'tag': 'a' is not in the 'label' style, so there is no such resource","route":"items"}"#)
        #expect(try Self.answer("/items/1/.a/;codes=3?sizes=5%7Cx").text == #"{"error":"query parameter 'sizes': expected an integer, not 'x'","route":"items"}"#)
        #expect(try Self.answer("/items/1/.a/;codes=3", headers: [("X-Ids", "7, y"), ("Cookie", "session=s1")]).text == #"{"error":"header 'X-Ids': expected an integer, not 'y'","route":"items"}"#)
        #expect(try Self.answer("/items/1/.a/;codes=3", headers: []).text == #"{"error":"missing required cookie 'session'","route":"items"}"#)
        #expect(try Self.answer("/items/1/.a/;codes=3", headers: [("Cookie", "session=s1; prefs=1,z")]).text == #"{"error":"cookie 'prefs': expected an integer, not 'z'","route":"items"}"#)
    }
}
