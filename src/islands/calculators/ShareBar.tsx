/**
 * Copy link / Reset / Print. Hidden in print (`calc-share`); the printed page keeps inputs,
 * results, assumptions and warnings. What a shared link could not restore is said once per
 * page, by `LinkNote.tsx`.
 */
import { Component } from "preact";
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";
import { shareModule } from "../../stores/link-apply.ts";

export interface ShareBarProps {
  t: Strings;
  hydrated: boolean;
}

export class ShareBar extends Component<ShareBarProps, { status: string; link: string }> {
  override state = { status: "", link: "" };
  copy = (): void => {
    void shareModule.load().then(async (share) => {
      if (!share) return this.setState({ status: tr(this.props.t, "lazy.failed") });
      const { link, copied } = await share.copyLink();
      this.setState({
        link,
        status: tr(this.props.t, copied ? "share.copied" : "share.copyManual"),
      });
    });
  };
  reset = (): void => {
    void shareModule.load().then((share) => {
      if (!share) return this.setState({ status: tr(this.props.t, "lazy.failed") });
      share.resetAll();
      this.setState({ status: tr(this.props.t, "share.didReset") });
    });
  };

  override render() {
    const { t, hydrated } = this.props;
    return (
      <div class="calc-share no-print">
        <div class="calc-buttons">
          <button type="button" disabled={!hydrated} onClick={this.copy}>
            {tr(t, "share.copy")}
          </button>
          <button type="button" disabled={!hydrated} onClick={this.reset}>
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
      </div>
    );
  }
}
