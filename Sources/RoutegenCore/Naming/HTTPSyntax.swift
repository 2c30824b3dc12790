/// The HTTP grammar the generator checks names against.
public enum HTTPSyntax {
    /// Whether `text` is an RFC 9110 token (`tchar`s only, at least one): a valid header field name.
    public static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9",
                 "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~":
                true
            default:
                false
            }
        }
    }
}
