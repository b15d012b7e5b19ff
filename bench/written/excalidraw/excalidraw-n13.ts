import { useEffect } from "react";

/** Shows the scene name in the tab title while mounted, restoring the previous title after. */
export const useDocumentTitle = (title: string | null | undefined, suffix = "Excalidraw") => {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} | ${suffix}` : suffix;
    return () => {
      document.title = previous;
    };
  }, [title, suffix]);
};
