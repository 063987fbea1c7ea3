import { useEffect } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { withParams } from '@shared/query';
import { FLOW_PARAM, STEP_PARAM } from '@shared/routes';

/**
 * What a flow's entry of the history carries (React Router's location state, which the browser
 * keeps with the entry, through a reload too): how many entries back the flow's first step is,
 * whether the entry before that is the page that opened the flow, and for a step after the
 * first, the mark of the verification that opened it.
 */
interface FlowEntry {
  flow: { steps: number; fromPage: boolean; mark?: string };
}

function entryOf(location: Location): FlowEntry['flow'] | null {
  const state = location.state as Partial<FlowEntry> | null;
  return state?.flow ?? null;
}

/**
 * The verifications passed in this page, by the mark of the step they opened (what each proved):
 * kept while the page lives, so that Back and Forward find them, and forgotten by a reload.
 */
const passedHere = new Map<string, string>();
const PAGE = Math.random().toString(36).slice(2);
let marks = 0;

/**
 * The flow a page shows, named in its address (`?type=password`, issue 40): opening one adds an
 * entry to the history, so that Back returns to the page; closing it (done, or Back from its first
 * step) returns to the entry the flow was opened from, else replaces the flow's entry by the page.
 * The rest of the query stays as written.
 */
export function useFlowInAddress(): { flow: string | null; open(flow: string): void; close(): void } {
  const location = useLocation();
  const navigate = useNavigate();
  const entry = entryOf(location);
  return {
    flow: new URLSearchParams(location.search).get(FLOW_PARAM),
    open: (flow) =>
      void navigate(
        { search: withParams(location.search, { [FLOW_PARAM]: flow, [STEP_PARAM]: null }) },
        { state: { flow: { steps: 0, fromPage: true } } satisfies FlowEntry },
      ),
    close: () => {
      if (entry?.fromPage) void navigate(-(entry.steps + 1));
      else
        void navigate(
          { search: withParams(location.search, { [FLOW_PARAM]: null, [STEP_PARAM]: null }) },
          { replace: true },
        );
    },
  };
}

/**
 * The step a flow shows, named in its address (`step=2` for the second; none for the first), each
 * an entry of the history: Next adds one, Back (the page's or the browser's) returns to the step
 * before, Forward comes back. A step after the first shows only when it was opened in this page
 * by Next with the proof the flow now expects (the verification of its first step, say): an
 * address naming it otherwise (a reload, a link) shows the first step, and says so.
 */
export function useFlowStep(expected: string | null): {
  step: number;
  /** On to the next step, `proof` (what passed) opening it. */
  next(proof: string): void;
  /** Back to the step before; false on the first step, which the flow's page closes. */
  back(): boolean;
} {
  const location = useLocation();
  const navigate = useNavigate();
  const named = Number(new URLSearchParams(location.search).get(STEP_PARAM) ?? 1);
  const requested = Number.isInteger(named) && named > 1 ? named - 1 : 0;
  const entry = entryOf(location);
  const passed = expected !== null && entry?.mark !== undefined && passedHere.get(entry.mark) === expected;
  const step = passed ? requested : 0;
  const addressOf = (index: number) =>
    withParams(location.search, { [STEP_PARAM]: index > 0 ? String(index + 1) : null });

  useEffect(() => {
    if (requested > step)
      void navigate(
        { search: addressOf(step) },
        { replace: true, state: entry ? { flow: { steps: entry.steps, fromPage: entry.fromPage } } : null },
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the address names a step not shown
  }, [requested, step]);

  return {
    step,
    next: (proof) => {
      const mark = `${PAGE}-${++marks}`;
      passedHere.set(mark, proof);
      const flow = { steps: (entry?.steps ?? 0) + 1, fromPage: entry?.fromPage ?? false, mark };
      void navigate({ search: addressOf(step + 1) }, { state: { flow } satisfies FlowEntry });
    },
    back: () => {
      if (step === 0) return false;
      // This entry was added by Next from the step before: the history goes back to it.
      if (entry && entry.steps > 0) void navigate(-1);
      else void navigate({ search: addressOf(step - 1) }, { replace: true });
      return true;
    },
  };
}
