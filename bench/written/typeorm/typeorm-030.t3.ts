/** Byte-wise comparison for binary columns (Buffer on Node, Uint8Array in the browser). */
export function sameBinaryValue(a: Uint8Array, b: Uint8Array): boolean {
    if (a === b) return true
    if (a.length !== b.length) return false
    if (typeof Buffer !== "undefined" && Buffer.isBuffer(a) && Buffer.isBuffer(b)) {
        return Buffer.compare(a, b) === 0
    }
    let i = a.length
    while (i--) {
        if (a[i] !== b[i]) return false
    }
    return true
}
