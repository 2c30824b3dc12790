/// The canonical form of a `server` line's variables: two spaces in, the `=` of each lined up
/// after the longest name of the block, as a type's members are.
enum ServerFormatting {
    /// The widest variable name among the variable lines that follow, up to the next declaration.
    static func nameWidth(of items: ArraySlice<SyntaxItem>) -> Int {
        var width = 0
        for item in items {
            switch item {
            case .serverVariable(let variable): width = max(width, variable.name.text.unicodeScalars.count)
            case .blank, .comment, .documentation, .invalid: continue
            default: return width
            }
        }
        return width
    }

    /// `  region  = "us" in "us", "eu"`, the name padded to `nameWidth`.
    static func line(_ variable: ServerVariableSyntax, nameWidth: Int) -> String {
        let padding = max(0, nameWidth - variable.name.text.unicodeScalars.count)
        return "  " + variable.name.text + String(repeating: " ", count: padding) + " " + variable.canonicalValueText
    }
}
