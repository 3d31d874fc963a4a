/**
 * An island renders one view (`src/stores/views/`): `island(Markup, view)` wraps a function
 * component in a class that subscribes to the view store alone and re-renders on its
 * change, synchronously, so results follow input within a frame (no preact/hooks).
 *
 * The first (hydration) render shows the view of every store's build-time value, exactly
 * what the server rendered; after mounting it shows the stored or linked state. Preact does
 * not patch attributes while hydrating, so rendering persisted state straight away would
 * leave stale `disabled` flags and values behind.
 */
import { Component, h } from "preact";
import type { FunctionComponent } from "preact";
import type { Strings } from "../../i18n/format.ts";
import type { Say } from "../../i18n/text.ts";
import { sayer } from "../../i18n/text.ts";
import { applyLinkOnce } from "../../stores/link-apply.ts";
import { pageStrings } from "../../stores/strings.ts";
import type { View } from "../../stores/views/define.ts";

/** What a widget renders with: its strings (the page's, `stores/strings.ts`) and the page language. */
export interface WidgetProps {
  t: Strings;
  lang: string;
}

/** What the markup receives beside its props: the view, text in the page's language, and whether it is live. */
export interface Rendered<V> {
  v: V;
  s: Say;
  hydrated: boolean;
}

/** The props an island takes from its page: the markup's, without what the island supplies. */
type Outer<P, V> = Omit<P, keyof Rendered<V> | "t">;

export function island<P extends WidgetProps, V>(
  Markup: FunctionComponent<P & Rendered<V>>,
  view: View<V>,
) {
  return class Island extends Component<Outer<P, V>, { hydrated?: boolean }> {
    off: (() => void) | null = null;
    override componentDidMount(): void {
      applyLinkOnce();
      this.off = view.$view.listen(() => this.forceUpdate());
      this.setState({ hydrated: true });
    }
    override componentWillUnmount(): void {
      this.off?.();
    }
    override render() {
      const hydrated = this.state.hydrated === true;
      const v = hydrated ? view.$view.get() : view.initial();
      const { lang } = this.props as Outer<WidgetProps, V>;
      const t = pageStrings(lang);
      // The page's props and what the island supplies make the markup's props again.
      const props = { ...this.props, t, v, s: sayer(t, lang), hydrated } as P & Rendered<V>;
      return h(Markup, props);
    }
  };
}
