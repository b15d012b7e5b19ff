const DRIVE_LETTER_PATH = /^([a-zA-Z]:.*)$/
const UNC_PATH = /^\\\\(\.\\)?(.*)$/

export function toPosixPath(filepath: string): string {
    if (process.platform !== "win32") return filepath
    let converted = filepath
    if (DRIVE_LETTER_PATH.test(converted)) {
        converted = converted.replace(DRIVE_LETTER_PATH, "/$1")
    } else {
        const unc = UNC_PATH.exec(converted)
        if (unc) converted = `/unc/${unc[1] ? ".dot/" : ""}${unc[2]}`
    }
    return converted.split("\\").join("/")
}
