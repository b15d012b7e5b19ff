export type UrlOptionValue = string | number | boolean

/**
 * Reads driver options from a connection URL's query string:
 * `postgres://host/db?ssl=true&connectTimeoutMS=5000` -> { ssl: true, connectTimeoutMS: 5000 }.
 */
export function connectionUrlOptions(url: string): Record<string, UrlOptionValue> {
    const query = url.includes("?") ? url.slice(url.indexOf("?") + 1) : ""
    const options: Record<string, UrlOptionValue> = {}
    for (const [key, raw] of new URLSearchParams(query)) {
        if (raw === "true" || raw === "false") options[key] = raw === "true"
        else if (raw !== "" && !Number.isNaN(Number(raw))) options[key] = Number(raw)
        else options[key] = raw
    }
    return options
}
