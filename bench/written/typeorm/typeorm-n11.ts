export interface BackoffOptions {
    baseMs?: number
    maxMs?: number
    /** 0 = no jitter, 1 = "full jitter" (random between 0 and the delay). */
    jitter?: number
    random?: () => number
}

/** Delay before reconnect attempt `attempt` (0-based): exponential growth, capped, with optional jitter. */
export function reconnectDelay(attempt: number, { baseMs = 100, maxMs = 30_000, jitter = 0.5, random = Math.random }: BackoffOptions = {}): number {
    const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt))
    const spread = exponential * Math.min(Math.max(jitter, 0), 1)
    return Math.round(exponential - spread + random() * spread)
}
