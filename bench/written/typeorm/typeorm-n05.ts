/** Hides the password of a connection URL before it is logged. */
export function maskConnectionUrl(url: string, mask = "****"): string {
    const schemeEnd = url.indexOf("://")
    if (schemeEnd === -1) return url
    const authorityStart = schemeEnd + 3
    const pathStart = url.indexOf("/", authorityStart)
    const authority = url.slice(authorityStart, pathStart === -1 ? undefined : pathStart)
    const at = authority.lastIndexOf("@")
    if (at === -1) return url
    const userInfo = authority.slice(0, at)
    const colon = userInfo.indexOf(":")
    if (colon === -1) return url
    const masked = `${userInfo.slice(0, colon)}:${mask}@${authority.slice(at + 1)}`
    return url.slice(0, authorityStart) + masked + (pathStart === -1 ? "" : url.slice(pathStart))
}
