import clsx from "clsx";

type SwitchToggleProps = {
  name: string;
  checked: boolean;
  title?: string;
  onChange: (value: boolean) => void;
  disabled?: boolean;
};

export const SwitchToggle = ({ title, name, checked, onChange, disabled = false }: SwitchToggleProps) => {
  const toggle = () => onChange(!checked);
  const handleKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== " ") {
      return;
    }
    toggle();
  };

  const className = clsx("Switch", { toggled: checked, disabled });
  return (
    <div className={className}>
      <input
        type="checkbox"
        id={name}
        name={name}
        title={title}
        checked={checked}
        disabled={disabled}
        onChange={toggle}
        onKeyDown={handleKeyDown}
      />
    </div>
  );
};
