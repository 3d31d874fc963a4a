/**
 * Store subscription for islands, without preact/hooks (1.1 kB gzipped the page budget
 * cannot spare). `island(View, stores)` wraps a function component in a class that
 * re-renders on any store change, synchronously, so results follow input within a frame.
 *
 * The first (hydration) render uses the stores' defaults, exactly what the server rendered
 * at build time; after mounting it re-renders with the stored or linked state. Preact does
 * not patch attributes while hydrating, so rendering persisted state straight away would
 * leave stale `disabled`/values behind.
 */
import { Component, h } from "preact";
import type { FunctionComponent } from "preact";
import type { ReadableAtom } from "nanostores";
import type { GpuSpec } from "../../estimate/gpu.ts";
import type { Strings } from "../../i18n/format.ts";
import { registry } from "../../stores/persist.ts";
import { $linkNote, applyLinkOnce } from "../../stores/link-note.ts";
// Bundling, measured: the training settings (used by three widgets) cost less inside the
// chunk every island loads than as a chunk of their own on each page that needs them.
import "../../stores/training.ts";

/** A store's value as this render should show it. */
export function read<T>(store: ReadableAtom<T>, hydrated: boolean): T {
  if (hydrated) return store.get();
  const entry = registry.find((r) => r.store === (store as unknown));
  return entry ? (entry.defaults as T) : store.get();
}

export interface Hydration {
  hydrated: boolean;
}

/** What a widget's .astro wrapper passes: its strings, the page language and the catalog. */
export interface WidgetProps {
  t: Strings;
  lang: string;
  gpus: GpuSpec[];
}

export function island<P extends object>(
  View: FunctionComponent<P & Hydration>,
  stores: readonly ReadableAtom<unknown>[],
) {
  return class Island extends Component<P, { hydrated?: boolean }> {
    off: (() => void)[] = [];
    override componentDidMount(): void {
      applyLinkOnce();
      // The share bar's note about invalid link fields re-renders with the island too.
      this.off = [...stores, $linkNote].map((s) => s.listen(() => this.forceUpdate()));
      this.setState({ hydrated: true });
    }
    override componentWillUnmount(): void {
      for (const off of this.off) off();
    }
    override render() {
      return h(View, { ...this.props, hydrated: this.state.hydrated === true });
    }
  };
}
