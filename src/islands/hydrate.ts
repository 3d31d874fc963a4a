/**
 * Client renderer for our Preact islands, used in place of `@astrojs/preact/client.js`
 * (wired in src/build/lean-islands.ts). Our islands take plain props only: no children, no
 * named slots and no Preact signals, so the stock renderer's slot wrapper and its lazy
 * `@preact/signals` loader are weight every calculator page would carry for nothing.
 */
import { h, hydrate, render, type ComponentType, type VNode } from "preact";

/** Preact's internal id mask (mangled `_mask`, published as `__m`), as the server renderer sets it. */
type MaskedVNode = VNode & { _mask?: [number, number]; __m?: [number, number] };

export default (element: HTMLElement) =>
  (
    component: ComponentType<Record<string, unknown>>,
    props: Record<string, unknown>,
    _slots: unknown,
    { client }: { client: string },
  ) => {
    if (!element.hasAttribute("ssr")) return;
    const vnode: MaskedVNode = h(component, props);
    // The same mask the server rendered with, so `useId` values agree after hydration.
    const islandId = element.dataset["preactIslandId"];
    if (islandId !== undefined) vnode._mask = vnode.__m = [Number(islandId), 0];
    if (client === "only") {
      element.innerHTML = "";
      render(vnode, element);
    } else {
      hydrate(vnode, element);
    }
    element.addEventListener("astro:unmount", () => render(null, element), { once: true });
  };
