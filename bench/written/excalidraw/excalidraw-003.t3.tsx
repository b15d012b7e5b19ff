import clsx from "clsx";
import type { ReactNode } from "react";

export interface OptionButton<V> {
  value: V;
  label: ReactNode;
  ariaLabel?: string;
}

export const OptionButtons = <V,>(props: {
  name: string;
  options: OptionButton<V>[];
  selected: V;
  onSelect: (value: V) => void;
}) => {
  const { name, options, selected, onSelect } = props;
  const rendered: ReactNode[] = [];
  for (const option of options) {
    const isActive = option.value === selected;
    rendered.push(
      <div key={`${option.value}`} title={option.ariaLabel} className={clsx("RadioGroup__choice", isActive && "active")}>
        <input
          type="radio"
          name={name}
          aria-label={option.ariaLabel}
          checked={isActive}
          onChange={() => onSelect(option.value)}
        />
        {option.label}
      </div>,
    );
  }
  return <div className="RadioGroup">{rendered}</div>;
};
