import clsx from "clsx";
import React from "react";

/** A menu container that shows `emptyText` when it has no items. */
export function MenuItemsContainer(props: { className?: string; emptyText: string; children?: React.ReactNode }) {
  const items = React.Children.toArray(props.children);
  const body = items.length > 0 ? items : <div className="empty">{props.emptyText}</div>;
  return (
    <div role="menu" className={clsx("ScrollableList__wrapper", props.className)}>
      {body}
    </div>
  );
}
