/**
 * "Show the request": the calculator's current inputs as the exact JSON request the command
 * line takes (`npm run -s estimate -- -`), with a copy button, so what the page shows can be
 * scripted and checked against the command line.
 */
import { Component } from "preact";
import type { Strings } from "../../i18n/format.ts";
import { tr } from "../../i18n/format.ts";

export interface ShowRequestProps {
  id: string;
  /** The request as JSON; null while a field needs fixing. */
  request: string | null;
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
    return (
      <details class="calc-request no-print">
        <summary>{tr(t, "req.show")}</summary>
        <p class="calc-note-text">{tr(t, "req.how")}</p>
        {request === null ? (
          <p class="calc-note-text">{tr(t, "req.none")}</p>
        ) : (
          <>
            <pre tabIndex={0} aria-label={tr(t, "req.label")}>
              <code id={`${id}-request`} data-request>
                {request}
              </code>
            </pre>
            <button type="button" disabled={!hydrated} onClick={() => this.copy(request)}>
              {tr(t, "req.copy")}
            </button>
            <span class="calc-status" role="status">
              {this.state.status}
            </span>
          </>
        )}
      </details>
    );
  }
}
