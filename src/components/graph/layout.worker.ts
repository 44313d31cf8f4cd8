/**
 * The drawing's layout worker: takes `{ id, kind, input }`, answers `{ id, positions }` (the positions' buffer
 * transferred), or `{ id, error }`. Holds ForceAtlas2 and dagre, so neither runs on the page's thread.
 */
import { forceLayout, type LayoutInput, type LayoutKind } from './graph-layout';
import { layeredLayout } from './graph-layout-layered';

interface Request {
  id: number;
  kind: LayoutKind;
  input: LayoutInput;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = ({ data: { id, kind, input } }) => {
  try {
    const positions = kind === 'hierarchical' ? layeredLayout(input) : forceLayout(input);
    scope.postMessage({ id, positions }, [positions.buffer]);
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
