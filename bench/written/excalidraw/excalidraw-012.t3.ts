import { useEffect, useState } from "react";

import { THEME } from "@excalidraw/common";

import { useEditorInterface, useExcalidrawContainer } from "../components/App";
import { useUIAppState } from "../context/ui-appState";

/**
 * Creates a detached <div> for React portals (popovers, dialogs) that carries
 * the editor's theme and mobile classes, mounted under `parentSelector` inside
 * the editor container, or under <body>.
 */
export const useThemedPortalRoot = (options?: { className?: string; parentSelector?: string }) => {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const editor = useEditorInterface();
  const appState = useUIAppState();
  const excalidraw = useExcalidrawContainer().container;
  const selector = options?.parentSelector;
  const extraClasses = options?.className;

  useEffect(() => {
    const mountPoint = selector ? excalidraw?.querySelector(selector) ?? null : document.body;
    if (mountPoint === null) return undefined;
    const node = document.createElement("div");
    mountPoint.append(node);
    setHost(node);
    return () => node.remove();
  }, [excalidraw, selector]);

  useEffect(() => {
    if (host === null) return;
    const classes = ["excalidraw"];
    if (extraClasses) classes.push(...extraClasses.split(/\s+/));
    if (editor.formFactor === "phone") classes.push("excalidraw--mobile");
    if (appState.theme === THEME.DARK) classes.push("theme--dark");
    host.className = classes.join(" ");
  }, [host, extraClasses, editor.formFactor, appState.theme]);

  return host;
};
