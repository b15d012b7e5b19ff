import clsx from "clsx";
import { Children } from "react";

type ListWithPlaceholderProps = {
  className?: string;
  placeholder: string;
  children: React.ReactNode;
};

export const ListWithPlaceholder = ({ className, placeholder, children }: ListWithPlaceholderProps) => {
  const wrapperClass = clsx("ScrollableList__wrapper", className);
  if (Children.count(children) === 0) {
    return (
      <div className={wrapperClass} role="menu">
        <div className="empty">{placeholder}</div>
      </div>
    );
  }
  return (
    <div className={wrapperClass} role="menu">
      {children}
    </div>
  );
};
