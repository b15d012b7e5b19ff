import { useState, useLayoutEffect } from "react";

import { THEME } from "@excalidraw/common";

import { useEditorInterface, useExcalidrawContainer } from "../components/App";
import { useUIAppState } from "../context/ui-appState";

type PortalOptions = { className?: string; parentSelector?: string };

export function usePortalElement({ className, parentSelector }: PortalOptions = {}) {
  const [portal, setPortal] = useState<HTMLDivElement | null>(null);
  const { formFactor } = useEditorInterface();
  const { theme } = useUIAppState();
  const { container } = useExcalidrawContainer();

  useLayoutEffect(() => {
    const parent = parentSelector ? container?.querySelector(parentSelector) : document.body;
    if (!parent) return;
    const element = document.createElement("div");
    parent.appendChild(element);
    setPortal(element);
    return () => {
      parent.removeChild(element);
    };
  }, [container, parentSelector]);

  useLayoutEffect(() => {
    if (!portal) return;
    const extra = className?.split(/\s+/) || [];
    portal.className = ["excalidraw", ...extra].join(" ");
    portal.classList.toggle("excalidraw--mobile", formFactor === "phone");
    portal.classList.toggle("theme--dark", theme === THEME.DARK);
  }, [portal, theme, formFactor, className]);

  return portal;
}
