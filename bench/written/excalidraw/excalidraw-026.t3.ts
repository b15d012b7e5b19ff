/**
 * Runs the consumer's handler first; ours runs only if theirs did not call
 * preventDefault() (unless told to ignore that), Radix-style.
 */
export const withDefaultHandler =
  <Evt>(
    external: ((event: Evt) => void) | undefined,
    internal: ((event: Evt) => void) | undefined,
    opts?: { checkForDefaultPrevented?: boolean },
  ) =>
  (event: Evt) => {
    if (external) external(event);
    const respectPrevented = opts?.checkForDefaultPrevented ?? true;
    const wasPrevented = Boolean(event && (event as unknown as { defaultPrevented?: boolean }).defaultPrevented);
    if (respectPrevented && wasPrevented) {
      return;
    }
    return internal ? internal(event) : undefined;
  };
