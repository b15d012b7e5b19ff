/** Human-readable duration for slow-query warnings: 850 ms, 1.25 s, 2 min 5 s. */
export function formatQueryDuration(ms: number): string {
    if (!Number.isFinite(ms) || ms < 0) return `${ms} ms`
    if (ms < 1000) return `${Math.round(ms)} ms`
    const seconds = ms / 1000
    if (seconds < 60) return `${Number(seconds.toFixed(2))} s`
    const minutes = Math.floor(seconds / 60)
    const rest = Math.round(seconds - minutes * 60)
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`
}
