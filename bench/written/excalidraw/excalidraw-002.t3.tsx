import clsx from "clsx";
import type { ChangeEvent, KeyboardEvent } from "react";

export interface OnOffSwitchProps {
  id: string;
  value: boolean;
  label?: string;
  isDisabled?: boolean;
  onToggle(next: boolean): void;
}

/** A checkbox styled as a switch; Space toggles it as well as a click. */
export function OnOffSwitch({ id, value, label, isDisabled, onToggle }: OnOffSwitchProps) {
  function onInputChange(_event: ChangeEvent<HTMLInputElement>) {
    onToggle(!value);
  }
  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === " ") onToggle(!value);
  }
  return (
    <div className={clsx("Switch", value && "toggled", isDisabled && "disabled")}>
      <input
        type="checkbox"
        id={id}
        name={id}
        title={label}
        checked={value}
        disabled={!!isDisabled}
        onChange={onInputChange}
        onKeyDown={onInputKeyDown}
      />
    </div>
  );
}
