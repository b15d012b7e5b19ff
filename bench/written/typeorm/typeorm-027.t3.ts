/**
 * Windows paths in a form that glob libraries and import() accept:
 * C:\src\entity -> /C:/src/entity, \\server\share -> /unc/server/share, \\.\pipe -> /unc/.dot/pipe.
 */
export function portablePath(input: string): string {
    if (process.platform !== "win32") return input
    let out = input
    if (/^[a-zA-Z]:/.test(out)) {
        out = "/" + out
    } else if (out.startsWith("\\\\")) {
        const rest = out.slice(2)
        out = rest.startsWith(".\\") ? "/unc/.dot/" + rest.slice(2) : "/unc/" + rest
    }
    return out.replace(/\\/g, "/")
}
