import clsx from "clsx";

export type RadioChoice<T> = {
  value: T;
  label: React.ReactNode;
  ariaLabel?: string;
};

type RadioChoicesProps<T> = {
  choices: RadioChoice<T>[];
  value: T;
  onChange: (value: T) => void;
  name: string;
};

function RadioChoiceItem<T>({ choice, selected, name, onSelect }: { choice: RadioChoice<T>; selected: boolean; name: string; onSelect: (value: T) => void }) {
  return (
    <div className={clsx("RadioGroup__choice", { active: selected })} title={choice.ariaLabel}>
      <input name={name} type="radio" checked={selected} onChange={() => onSelect(choice.value)} aria-label={choice.ariaLabel} />
      {choice.label}
    </div>
  );
}

export function RadioChoices<T>({ onChange, value, choices, name }: RadioChoicesProps<T>) {
  const items = choices.map((choice) => (
    <RadioChoiceItem key={String(choice.value)} choice={choice} selected={choice.value === value} name={name} onSelect={onChange} />
  ));
  return <div className="RadioGroup">{items}</div>;
}
