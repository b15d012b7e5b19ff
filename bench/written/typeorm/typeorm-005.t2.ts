import { PlatformTools } from "../platform/PlatformTools"

export function hashString(input: string, { length }: { length?: number } = {}): string {
    const digest = PlatformTools.sha1(input)
    return length && length > 0 ? digest.slice(0, length) : digest
}
