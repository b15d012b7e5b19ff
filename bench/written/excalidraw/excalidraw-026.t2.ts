export function composeHandlers<E>(
  originalEventHandler?: (event: E) => void,
  ourEventHandler?: (event: E) => void,
  options: { checkForDefaultPrevented?: boolean } = {},
) {
  const { checkForDefaultPrevented = true } = options;
  return (event: E) => {
    originalEventHandler?.(event);
    const prevented = (event as unknown as Event)?.defaultPrevented;
    if (checkForDefaultPrevented && prevented) return undefined;
    return ourEventHandler?.(event);
  };
}
