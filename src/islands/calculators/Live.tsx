/**
 * A part of a widget that shows a task's result, drawn as a Preact root of its own inside the
 * island. The server renders it in place. In the browser, while the result is the one the
 * page was built with (`AS_BUILT`, `stores/outcome.ts`), the server's markup stays as it is:
 * the island renders only this part's element, with an empty `dangerouslySetInnerHTML`,
 * which Preact leaves alone while hydrating and while it is unchanged (`diff/index.js`,
 * `diffElementNodes`). So the page carries no copy of the result as data, nor the words it
 * is said in. Once the engine has computed, the part renders here; its first render diffs
 * against the server's elements and reuses them ("there is no meaningful difference between
 * hydrate() and render() within Preact", preactjs/preact#1060), so focus, a ticked box and
 * a scrolled table stay, and an open disclosure stays open. Its content sits in one element
 * (`.calc-live`): Preact removes the server's elements a render does not reuse inside an
 * element, not beside a root's.
 *
 * A link or button that acts through the result (`data-act`: opening a row on another page,
 * showing every option) cannot act on markup with no result behind it: a click on one asks
 * the engine for the result, and is made again on the same control once it has rendered.
 */
import { Component, createRef, h, render } from "preact";
import type { ComponentChildren } from "preact";
import { loadEngine } from "../../stores/engine.ts";
import type { LiveShown, Shown } from "../../stores/views/result.ts";

interface LiveProps<V> {
  v: Shown<V>;
  children: (v: LiveShown<V>) => ComponentChildren;
  /** The part's element: a block (`div`) or a run of text (`span`). */
  as?: "div" | "span";
  class?: string;
  id?: string;
  "data-testid"?: string;
}

/** Marks the controls whose action needs the result: their `data-act` names each in its part. */
export const ACT_ATTRIBUTE = "data-act";

const KEEP = { __html: "" };
const LIVE_CLASS = "calc-live";
const inBrowser = typeof document !== "undefined";

export class Live<V> extends Component<LiveProps<V>> {
  host = createRef<HTMLElement>();
  /** The `data-act` of a control clicked while the part was as built. */
  pending: string | null = null;
  /** The part still holds the server's markup. */
  built = true;

  override componentDidMount(): void {
    this.paint();
    // A link into this part (#gpu-table) lands before the island has hydrated, which moves
    // it (its "computing" line goes); once the island has drawn itself, the page scrolls to
    // it again.
    requestAnimationFrame(() => this.host.current?.querySelector(":target")?.scrollIntoView());
  }
  override componentDidUpdate(): void {
    this.paint();
  }
  override componentWillUnmount(): void {
    if (this.host.current && !this.built) render(null, this.host.current);
  }

  paint(): void {
    const host = this.host.current;
    const { v, children } = this.props;
    if (!host || v.status === "as-built") return;
    // Preact's diff against foreign markup drops attributes its elements do not name: a
    // disclosure the reader opened would close.
    const open = this.built ? [...host.querySelectorAll("details")].map((d) => d.open) : [];
    render(h(this.tag(), { class: LIVE_CLASS }, children(v)), host);
    host.querySelectorAll("details").forEach((d, i) => {
      if (open[i]) d.open = true;
    });
    this.built = false;
    const act = this.pending;
    this.pending = null;
    if (act !== null)
      host.querySelector<HTMLElement>(`[${ACT_ATTRIBUTE}="${CSS.escape(act)}"]`)?.click();
  }

  /** A click on a control that acts through the result waits for the result. */
  onClick = (e: MouseEvent): void => {
    if (this.props.v.status !== "as-built") return;
    const control = (e.target as Element | null)?.closest(`[${ACT_ATTRIBUTE}]`);
    if (!control || !this.host.current?.contains(control)) return;
    e.preventDefault();
    e.stopPropagation();
    this.pending = control.getAttribute(ACT_ATTRIBUTE);
    void loadEngine();
  };

  /** The part's element, and its content's: a block unless the part is a run of text. */
  tag = (): "div" | "span" => this.props.as ?? "div";

  override render() {
    const { v, children, as: _as, ...attrs } = this.props;
    const as = this.tag();
    // The server renders the result in place (it has the engine: never as built).
    if (!inBrowser)
      return h(
        as,
        attrs,
        h(as, { class: LIVE_CLASS }, v.status === "as-built" ? null : children(v)),
      );
    return h(as, {
      ...attrs,
      ref: this.host,
      dangerouslySetInnerHTML: KEEP,
      onClickCapture: this.onClick,
    });
  }
}
