export function uint8ArraysEqual(left: Uint8Array, right: Uint8Array): boolean {
    if (left === right) return true
    const hasBuffer = typeof Buffer !== "undefined"
    if (hasBuffer && Buffer.isBuffer(left) && Buffer.isBuffer(right)) return left.equals(right)
    return left.byteLength === right.byteLength && left.every((byte, index) => byte === right[index])
}
