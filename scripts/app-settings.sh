#!/usr/bin/env bash
# Prints the Swift settings of an app target as Xcode 26 makes it (main-actor default isolation,
# approachable concurrency) with the strict import features, as the declaration `appSettings`,
# for the temporary packages of scripts/compile-settings.sh and scripts/compile-corpus.sh.
# With --warnings-as-errors, the settings also turn every warning into an error.
cat <<'SWIFT'
/// Xcode 26's new-project settings, with the strict import features.
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
SWIFT
[ "${1:-}" = "--warnings-as-errors" ] && echo '    .unsafeFlags(["-warnings-as-errors"]),'
echo "]"
