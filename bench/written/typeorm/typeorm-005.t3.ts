import { PlatformTools } from "../platform/PlatformTools"

export class IdentifierHasher {
    constructor(private readonly maxLength?: number) {}

    /** A stable sha1-based name, cut to `maxLength` characters when one is set. */
    digest(value: string): string {
        let hex = PlatformTools.sha1(value)
        if (typeof this.maxLength === "number" && this.maxLength > 0) {
            hex = hex.substring(0, this.maxLength)
        }
        return hex
    }
}
