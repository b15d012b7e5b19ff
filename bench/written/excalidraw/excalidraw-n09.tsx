import clsx from "clsx";
import { Fragment } from "react";

export type Crumb = { id: string; label: string };

/** Path of nested frames above the current selection; the last crumb is the current one. */
export const FrameBreadcrumbs = ({ crumbs, onSelect }: { crumbs: Crumb[]; onSelect: (id: string) => void }) => {
  if (crumbs.length === 0) return null;
  return (
    <nav className="FrameBreadcrumbs" aria-label="breadcrumbs">
      {crumbs.map((crumb, index) => {
        const isLast = index === crumbs.length - 1;
        return (
          <Fragment key={crumb.id}>
            {index > 0 && <span className="FrameBreadcrumbs__separator">/</span>}
            <button
              type="button"
              className={clsx("FrameBreadcrumbs__crumb", { current: isLast })}
              aria-current={isLast ? "page" : undefined}
              disabled={isLast}
              onClick={() => onSelect(crumb.id)}
            >
              {crumb.label}
            </button>
          </Fragment>
        );
      })}
    </nav>
  );
};
