/**
 * Copy link / Reset / Print, and the note about link fields that were invalid. Hidden in
 * print (`calc-share`); the printed page keeps inputs, results, assumptions and warnings.
 */
import { Component } from "preact";
// `$linkNote` is set once, when a shared link is applied on load; the island around this bar
// re-renders on it (hooks.ts).
import { $linkNote } from "../../stores/link-note.ts";

/** The encoder and Reset load on first use (most readers never press these). */
const share = () => import("../../stores/share.ts");
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";

export interface ShareBarProps {
  t: Strings;
  hydrated: boolean;
}

export class ShareBar extends Component<ShareBarProps, { status: string; link: string }> {
  override state = { status: "", link: "" };
  copy = (): void =>
    void share()
      .then((m) => m.copyLink())
      .then(({ link, copied }) =>
        this.setState({
          link,
          status: tr(this.props.t, copied ? "share.copied" : "share.copyManual"),
        }),
      );

  override render() {
    const { t, hydrated } = this.props;
    const note = hydrated ? $linkNote.get() : [];
    return (
      <div class="calc-share no-print">
        <div class="calc-buttons">
          <button type="button" disabled={!hydrated} onClick={this.copy}>
            {tr(t, "share.copy")}
          </button>
          <button
            type="button"
            disabled={!hydrated}
            onClick={() =>
              void share().then(({ resetAll }) => {
                resetAll();
                this.setState({ status: tr(t, "share.didReset") });
              })
            }
          >
            {tr(t, "share.reset")}
          </button>
          <button type="button" disabled={!hydrated} onClick={() => window.print()}>
            {tr(t, "share.print")}
          </button>
        </div>
        <p class="calc-status" role="status">
          {this.state.status}
        </p>
        {this.state.link && (
          <label class="calc-link">
            {tr(t, "share.link")}
            <input type="text" readOnly value={this.state.link} class="calc-link-url" />
          </label>
        )}
        {note.length > 0 && (
          <p class="calc-link-note" role="alert">
            {tr(t, "share.invalid", { count: note.length, fields: note.join(", ") })}
          </p>
        )}
      </div>
    );
  }
}
