/**
 * Store subscription for islands, without preact/hooks. `island(View, stores)` wraps a
 * function component in a class that re-renders on any store change, synchronously, so
 * results follow input within a frame.
 *
 * The first (hydration) render shows the stores' initial values, exactly what the server
 * rendered at build time; after mounting it re-renders with the stored or linked state.
 * Preact does not patch attributes while hydrating, so rendering persisted state straight
 * away would leave stale `disabled`/values behind.
 */
import { Component, h } from "preact";
import type { FunctionComponent } from "preact";
import type { ReadableAtom } from "nanostores";
import type { Strings } from "../../i18n/format.ts";
import { registry } from "../../stores/persist.ts";
import { applyLinkOnce } from "../../stores/link-apply.ts";
import type { TaskStores } from "../../stores/outcome.ts";
import type { Result } from "../../estimate/result.ts";

/** A store's value as this render should show it: its initial value until hydrated. */
export function read<T>(store: ReadableAtom<T>, hydrated: boolean): T {
  if (hydrated) return store.get();
  const entry = registry.find((r) => r.store === (store as unknown));
  return entry ? (entry.initial as T) : store.get();
}

export interface Hydration {
  hydrated: boolean;
}

/** What a widget's .astro wrapper passes: its strings and the page language. */
export interface WidgetProps {
  t: Strings;
  lang: string;
}

export function island<P extends object>(
  View: FunctionComponent<P & Hydration>,
  stores: readonly ReadableAtom<unknown>[],
) {
  return class Island extends Component<P, { hydrated?: boolean }> {
    off: (() => void)[] = [];
    override componentDidMount(): void {
      applyLinkOnce();
      this.off = stores.map((s) => s.listen(() => this.forceUpdate()));
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

/** A calculator's request and outcome as this render should show them (see `read`). */
export function readTask<R extends Result>(ts: TaskStores<R>, hydrated: boolean) {
  return hydrated ? { request: ts.$request.get(), outcome: ts.$outcome.get() } : ts.initial();
}
