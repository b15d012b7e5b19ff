import clsx from "clsx";

import type { ReactNode } from "react";

type EmptyStateProps = {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  action?: { label: string; onClick: () => void };
  className?: string;
};

export const EmptyState = ({ icon, title, description, action, className }: EmptyStateProps) => (
  <div className={clsx("EmptyState", className)} role="status">
    {icon && <div className="EmptyState__icon">{icon}</div>}
    <div className="EmptyState__title">{title}</div>
    {description && <div className="EmptyState__description">{description}</div>}
    {action && (
      <button type="button" className="EmptyState__action" onClick={action.onClick}>
        {action.label}
      </button>
    )}
  </div>
);
