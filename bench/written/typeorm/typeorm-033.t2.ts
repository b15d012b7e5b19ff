export function parseUrlCredentials(base: string): { username: string; password: string; hostAndPort: string } {
    const at = base.lastIndexOf("@")
    const credentials = at === -1 ? "" : base.slice(0, at)
    const hostAndPort = at === -1 ? base : base.slice(at + 1)
    const [username, ...passwordParts] = credentials.split(":")
    return { username, password: passwordParts.join(":"), hostAndPort }
}
