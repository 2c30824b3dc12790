import RoutegenCore
import RoutegenSamples

/// The page a paginated route answers to one request: `RouteSample.Paging` says which page the
/// request asks for and what each page holds (the same pages the generated preview client
/// answers); this adds only what depends on the host the request went to: the link to the
/// second page, `http://<Host><path>?<query>&page=2`, in the first page's field or `Link` header.
struct ServedPage {
    let body: SampleJSON
    let headers: [HTTPHeaderField]

    init(paging: RouteSample.Paging, request: ServeRequest) {
        let value = request.queryItems.last { $0.name == paging.parameter }?.value
        let index = paging.index(of: value)
        let query = request.target.firstIndex(of: "?").map { String(request.target[request.target.index(after: $0)...]) }
        let link = "http://" + (request.header("Host") ?? "localhost") + RouteSample.Paging.secondPageTarget(path: request.path, query: query)
        body = paging.page(index, link: link)
        headers = index == .first && paging.link == .header ? [HTTPHeaderField("Link", RouteSample.Paging.linkHeader(to: link))] : []
    }
}
