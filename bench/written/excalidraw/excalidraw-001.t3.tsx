import clsx from "clsx";
import { useCallback, useState } from "react";

interface CollaboratorIconProps {
  name: string;
  color: string;
  imageUrl?: string;
  className?: string;
  onClick: React.MouseEventHandler<HTMLDivElement>;
}

const firstLetter = (name: string) => {
  const trimmed = name.trim();
  return trimmed ? trimmed[0].toUpperCase() : "?";
};

/** Round collaborator icon: the profile picture when it loads, the initial on the user's color otherwise. */
export function CollaboratorIcon({ name, color, imageUrl, className, onClick }: CollaboratorIconProps) {
  const [broken, setBroken] = useState(false);
  const handleError = useCallback(() => setBroken(true), []);
  const showImage = Boolean(imageUrl) && !broken;
  const label = firstLetter(name);

  return (
    <div
      className={clsx("Avatar", className)}
      style={showImage ? undefined : { background: color }}
      onClick={onClick}
    >
      {showImage && (
        <img className="Avatar-img" src={imageUrl} alt={label} referrerPolicy="no-referrer" onError={handleError} />
      )}
      {!showImage && label}
    </div>
  );
}
