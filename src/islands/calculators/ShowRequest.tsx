/**
 * "Show the request": the calculator's current inputs as the exact JSON request the command
 * line takes (`npm run -s estimate -- -`), with a copy button, so what the page shows can be
 * scripted and checked against the command line.
 */
import { Component } from "preact";
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";
import type { Built } from "../../stores/requests.ts";

export interface ShowRequestProps {
  id: string;
  request: Built;
  t: Strings;
  hydrated: boolean;
}

export class ShowRequest extends Component<ShowRequestProps, { status: string }> {
  override state = { status: "" };
  copy = (json: string): void => {
    navigator.clipboard.writeText(json).then(
      () => this.setState({ status: tr(this.props.t, "req.copied") }),
      () => this.setState({ status: tr(this.props.t, "req.copyManual") }),
    );
  };
  override render() {
    const { id, request, t, hydrated } = this.props;
    const json = request.ok ? JSON.stringify(request.request, null, 2) : "";
    return (
      <details class="calc-request no-print">
        <summary>{tr(t, "req.show")}</summary>
        <p class="calc-note-text">{tr(t, "req.how")}</p>
        {request.ok ? (
          <>
            <pre tabIndex={0} aria-label={tr(t, "req.label")}>
              <code id={`${id}-request`} data-request>
                {json}
              </code>
            </pre>
            <button type="button" disabled={!hydrated} onClick={() => this.copy(json)}>
              {tr(t, "req.copy")}
            </button>
            <span class="calc-status" role="status">
              {this.state.status}
            </span>
          </>
        ) : (
          <p class="calc-note-text">{tr(t, "req.none")}</p>
        )}
      </details>
    );
  }
}
