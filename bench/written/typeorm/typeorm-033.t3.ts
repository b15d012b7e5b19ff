export interface UserInfo {
    username: string
    password: string
    hostAndPort: string
}

/** "user:p@ss@host:5432" -> user / p@ss / host:5432: the last "@" ends the user info, the first ":" ends the user name. */
export function splitUserInfo(authority: string): UserInfo {
    const match = /^(.*)@([^@]*)$/.exec(authority)
    if (!match) return { username: "", password: "", hostAndPort: authority }
    const [, userInfo, hostAndPort] = match
    const sep = userInfo.indexOf(":")
    if (sep < 0) return { username: userInfo, password: "", hostAndPort }
    return { username: userInfo.substring(0, sep), password: userInfo.substring(sep + 1), hostAndPort }
}
