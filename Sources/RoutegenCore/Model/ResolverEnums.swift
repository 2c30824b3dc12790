/// The enums of a route file: their raw type and cases, each value once with a Swift name of its own.
extension TypeResolver {
    func enumShape(_ pending: PendingTypeDeclaration) -> EnumShape {
        let syntax = pending.syntax
        var rawType = EnumShape.RawType.string
        if let written = syntax.rawType {
            switch written.canonicalText {
            case "String": rawType = .string
            case "Int": rawType = .integer
            default: error("enum raw type must be 'String' or 'Int', not '\(written.canonicalText)'", at: written.location)
            }
        }
        var cases: [EnumCase] = []
        for (member, documentation) in pending.members {
            if let type = member.type {
                error("enum case '\(member.name.text)' takes no type; an enum lists values, a union lists models", at: type.location)
                continue
            }
            var wireValue = memberWireName(member)
            var swiftName = swiftName(of: member, wireName: wireValue)
            switch (rawType, member.defaultValue) {
            case (.integer, .token(let token)?) where DefaultValueChecker.isInteger(token.text) && Int64(token.text) != nil:
                // `-0`, `007`: the value as Swift and JSON write it, so two spellings of one value clash.
                wireValue = String(Int64(token.text)!)
                swiftName = member.swiftName?.name.text ?? SwiftNaming.lowerCamelCase(member.name.text)
            case (.integer, let value?):
                error("the value of integer enum case '\(member.name.text)' must be a whole number, such as '\(member.name.text) = 1'", at: value.location)
                continue
            case (.integer, nil):
                error("integer enum case '\(member.name.text)' needs its value; write '\(member.name.text) = 1'", at: member.name.location)
                continue
            case (.string, let value?):
                error("a string enum case is its wire value; write '\"wire value\" as \(member.name.text)' instead of '= ...'", at: value.location)
                continue
            case (.string, nil):
                break
            }
            let isDeprecated = checkFlags(member.flags, allowed: Self.memberFlags, on: "case '\(member.name.text)'")
            refuseConstraints(member, on: "case '\(member.name.text)'")
            if !SwiftNaming.isIdentifier(swiftName) {
                error("case '\(member.name.text)' has no usable Swift name; give it one with 'as', such as '\(member.name.text) as \(SwiftNaming.lowerCamelCase(swiftName))'", at: member.name.location)
                continue
            }
            if swiftName == "unknown" {
                error(
                    "case 'unknown' clashes with 'unknown(_:)', which holds the values the server adds later; give it another Swift name with 'as', such as '\(member.name.text) as unknownValue'",
                    at: member.name.location
                )
                continue
            }
            if Self.reservedEnumMemberNames.contains(swiftName) {
                error(
                    "case '\(member.name.text)' becomes '\(swiftName)', which the generated enum already declares; give it another Swift name with 'as', such as '\(member.name.text) as \(swiftName)Case'",
                    at: member.name.location
                )
                continue
            }
            if let first = cases.first(where: { $0.wireValue == wireValue }) {
                error("enum '\(syntax.name.text)' has two cases with the wire value '\(wireValue)'; remove one", at: member.name.location, note: "first declared at line \(first.location.line)")
                continue
            }
            if let first = cases.first(where: { $0.swiftName == swiftName }) {
                error(
                    "cases '\(first.wireValue)' and '\(wireValue)' of enum '\(syntax.name.text)' both become the case '\(swiftName)'; give one another name with 'as'",
                    at: member.name.location, note: "'\(first.wireValue)' is declared at line \(first.location.line)"
                )
                continue
            }
            cases.append(EnumCase(wireValue: wireValue, swiftName: swiftName, documentation: documentation, isDeprecated: isDeprecated, location: member.name.location))
        }
        if pending.memberLines.isEmpty {
            error("enum '\(syntax.name.text)' has no cases; list its values below it, indented", at: syntax.name.location)
        }
        return EnumShape(rawType: rawType, cases: cases)
    }
}
