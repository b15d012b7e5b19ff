import { useState } from "react";

import type { KeyboardEvent } from "react";

type TagInputProps = {
  tags: string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
  maxTags?: number;
};

/** Library item tags: Enter or comma adds a tag, Backspace on an empty field removes the last one. */
export const TagInput = ({ tags, onChange, placeholder, maxTags = 10 }: TagInputProps) => {
  const [draft, setDraft] = useState("");

  const addDraft = () => {
    const tag = draft.trim().toLowerCase();
    if (tag && !tags.includes(tag) && tags.length < maxTags) onChange([...tags, tag]);
    setDraft("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      addDraft();
    } else if (event.key === "Backspace" && draft === "" && tags.length) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className="TagInput">
      {tags.map((tag) => (
        <span key={tag} className="TagInput__tag">
          {tag}
          <button type="button" aria-label={`remove ${tag}`} onClick={() => onChange(tags.filter((t) => t !== tag))}>
            ×
          </button>
        </span>
      ))}
      <input value={draft} placeholder={placeholder} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} onBlur={addDraft} />
    </div>
  );
};
