import clsx from "clsx";
import React, { useState } from "react";

import { getNameInitial } from "../clients";

type UserAvatarProps = {
  onClick: (e: React.MouseEvent<HTMLDivElement, MouseEvent>) => void;
  color: string;
  name: string;
  src?: string;
  className?: string;
};

export const UserAvatar = (props: UserAvatarProps) => {
  const [imageFailed, setImageFailed] = useState(false);
  const initial = getNameInitial(props.name);

  if (props.src && !imageFailed) {
    return (
      <div className={clsx("Avatar", props.className)} onClick={props.onClick}>
        <img
          className="Avatar-img"
          src={props.src}
          alt={initial}
          referrerPolicy="no-referrer"
          onError={() => setImageFailed(true)}
        />
      </div>
    );
  }

  return (
    <div
      className={clsx("Avatar", props.className)}
      style={{ background: props.color }}
      onClick={props.onClick}
    >
      {initial}
    </div>
  );
};
