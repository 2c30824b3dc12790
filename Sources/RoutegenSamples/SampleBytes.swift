extension SampleMaker {
    /// The bytes a `Data` sample holds, as text: `"sample"` (base64 `c2FtcGxl` in JSON), what
    /// `routegen serve` sends for a route that answers bytes.
    public static let sampleBytes = "sample"
}
