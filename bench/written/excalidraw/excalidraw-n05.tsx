import clsx from "clsx";
import { useCallback } from "react";

type NumberStepperProps = {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  label: string;
  disabled?: boolean;
};

const clampValue = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const NumberStepper = ({ value, onChange, min = -Infinity, max = Infinity, step = 1, label, disabled }: NumberStepperProps) => {
  const change = useCallback(
    (delta: number) => onChange(clampValue(Number((value + delta).toFixed(6)), min, max)),
    [value, onChange, min, max],
  );
  return (
    <div className={clsx("NumberStepper", { disabled })} aria-label={label} role="group">
      <button type="button" aria-label={`${label} -`} disabled={disabled || value <= min} onClick={() => change(-step)}>
        −
      </button>
      <input
        type="number"
        value={value}
        min={Number.isFinite(min) ? min : undefined}
        max={Number.isFinite(max) ? max : undefined}
        step={step}
        disabled={disabled}
        onChange={(event) => {
          const next = event.target.valueAsNumber;
          if (!Number.isNaN(next)) onChange(clampValue(next, min, max));
        }}
      />
      <button type="button" aria-label={`${label} +`} disabled={disabled || value >= max} onClick={() => change(step)}>
        +
      </button>
    </div>
  );
};
