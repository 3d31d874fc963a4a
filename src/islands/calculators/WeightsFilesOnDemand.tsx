/**
 * The model picker's weights-file way, loaded when a reader chooses it: its code (the drop
 * zone, its view, the reader that starts a header worker) and its words (`mf.*`, which come
 * with the engine's data, `src/stores/engine-data.ts`) are no part of a first visit, which
 * opens on a preset. Until both have loaded it says so; a failed load offers a retry, as
 * every part loaded on demand does. Stores never import islands, so this island loads its
 * own part, with the stores' one way of loading code (`lazy`).
 */
import { Component } from "preact";
import { engineData } from "../../stores/engine-data.ts";
import { lazy } from "../../stores/lazy.ts";
import { pageStrings } from "../../stores/strings.ts";

const part = lazy(() => import("./WeightsFiles.tsx"));

interface Props {
  id: string;
  lang: string;
  disabled: boolean;
}

export class WeightsFilesOnDemand extends Component<Props> {
  offs: (() => void)[] = [];
  override componentDidMount(): void {
    this.offs = [part.$state, engineData.$state].map((s) => s.listen(() => this.forceUpdate()));
    this.load();
  }
  override componentWillUnmount(): void {
    this.offs.forEach((off) => off());
  }
  load = (): void => {
    void part.load();
    void engineData.load();
  };
  override render() {
    const code = part.$state.get();
    const words = engineData.$state.get();
    const t = pageStrings(this.props.lang);
    if (code.status === "ready" && words.status === "ready") {
      const { WeightsFiles } = code.module;
      return <WeightsFiles {...this.props} />;
    }
    if (code.status === "failed" || words.status === "failed")
      return (
        <div class="calc-option calc-files">
          <button type="button" onClick={this.load}>
            {t["lazy.failed"]}
          </button>
        </div>
      );
    return (
      <p class="calc-hint" role="status">
        {t["gf.loading"]}
      </p>
    );
  }
}
