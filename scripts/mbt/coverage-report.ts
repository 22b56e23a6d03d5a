/**
 * Coverage report in the shape of GraphWalker's `Result` (graphwalker-java test/Result.java):
 * per model and in total, vertices (state nodes) and edges (transition definitions) with
 * visited/unvisited counts, percentages and the names of what was not visited, plus guard
 * outcomes and 1-switch pairs, requirements passed / failed / not covered, and the registry
 * invariants (business rules checked after every replayed step) with their violations, which
 * also appear in `failures`. See docs/decisions/0028-coverage-criteria-and-report.md.
 */
import type { CoverageTrace } from '../../machines/mbt/coverage-trace';
import type { CoverageItem, CoverageUniverse } from './coverage-universe';

export type CriterionResult = {
  readonly total: number;
  readonly visited: number;
  readonly unvisited: number;
  /** Percentage with one decimal; 100 when the universe is empty. */
  readonly coverage: number;
  readonly notVisited: readonly CoverageItem[];
};

/** One business rule of a flow over a run: how often it was checked and how often it failed. */
export type InvariantResult = {
  readonly id: string;
  readonly description: string;
  /** Snapshots it was checked on, summed over the model's tests. */
  readonly checks: number;
  readonly violations: number;
  readonly status: 'held' | 'violated' | 'notChecked';
};

export type InvariantsResult = {
  readonly total: number;
  readonly held: number;
  readonly violated: number;
  readonly notChecked: number;
  readonly checks: number;
  readonly items: readonly InvariantResult[];
};

/** A failed test; for an invariant violation also the rule and the path step after which it failed. */
export type FailureResult = { readonly test: string; readonly error: string; readonly invariant?: string; readonly step?: number };

export type ModelResult = {
  readonly name: string;
  readonly title: string;
  readonly modelHash: string;
  readonly status: 'completed' | 'incomplete' | 'failed' | 'notExecuted';
  readonly vertices: CriterionResult;
  readonly edges: CriterionResult;
  readonly guardOutcomes: CriterionResult;
  readonly oneSwitch: CriterionResult;
  readonly totalNumberOfRequirement: number;
  readonly totalNumberOfPassedRequirement: number;
  readonly totalNumberOfFailedRequirement: number;
  readonly totalNumberOfUncoveredRequirement: number;
  readonly requirementCoverage: number;
  readonly requirementsPassed: readonly string[];
  readonly requirementsFailed: readonly string[];
  readonly requirementsNotCovered: readonly string[];
  readonly invariants: InvariantsResult;
  readonly tests: readonly { name: string; status: CoverageTrace['status']; steps: number; requirements: string[]; error?: string }[];
  readonly failures: readonly FailureResult[];
};

export type CoverageReport = {
  readonly format: 'carrier-portal/coverage@1';
  readonly run: string;
  readonly source: string;
  readonly generator: string;
  readonly stopCondition: string;
  readonly generatedAt: string;
  /** Milliseconds, e.g. `graph` for building every model graph. */
  readonly timings: Readonly<Record<string, number>>;
  readonly totalNumberOfModels: number;
  readonly totalNumberOfCompletedModels: number;
  readonly totalNumberOfIncompleteModels: number;
  readonly totalNumberOfFailedModels: number;
  readonly totalNumberOfNotExecutedModels: number;
  readonly totals: {
    readonly vertices: CriterionResult;
    readonly edges: CriterionResult;
    readonly guardOutcomes: CriterionResult;
    readonly oneSwitch: CriterionResult;
    readonly requirements: { total: number; passed: number; failed: number; notCovered: number; coverage: number };
    readonly invariants: Omit<InvariantsResult, 'items'>;
  };
  readonly models: readonly ModelResult[];
};

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.floor((part / whole) * 1000) / 10);

function criterion(universe: readonly CoverageItem[], visited: ReadonlySet<string>): CriterionResult {
  const notVisited = universe.filter((i) => !visited.has(i.key));
  const hit = universe.length - notVisited.length;
  return { total: universe.length, visited: hit, unvisited: notVisited.length, coverage: percent(hit, universe.length), notVisited };
}

function sumCriteria(list: readonly CriterionResult[]): CriterionResult {
  const total = list.reduce((s, c) => s + c.total, 0);
  const visited = list.reduce((s, c) => s + c.visited, 0);
  return { total, visited, unvisited: total - visited, coverage: percent(visited, total), notVisited: list.flatMap((c) => c.notVisited) };
}

function invariantsOf(universe: readonly CoverageItem[], traces: readonly CoverageTrace[]): InvariantsResult {
  const items = universe.map((item): InvariantResult => {
    const checks = traces.reduce((sum, t) => sum + (t.invariants?.[item.key] ?? 0), 0);
    const violations = traces.reduce((sum, t) => sum + (t.violations ?? []).filter((v) => v.invariant === item.key).length, 0);
    const status = violations > 0 ? 'violated' : checks > 0 ? 'held' : 'notChecked';
    return { id: item.key, description: item.name, checks, violations, status };
  });
  const count = (status: InvariantResult['status']) => items.filter((i) => i.status === status).length;
  return {
    total: items.length,
    held: count('held'),
    violated: count('violated'),
    notChecked: count('notChecked'),
    checks: items.reduce((sum, i) => sum + i.checks, 0),
    items,
  };
}

function failuresOf(traces: readonly CoverageTrace[]): FailureResult[] {
  return traces
    .filter((t) => t.status === 'failed')
    .flatMap((t): FailureResult[] =>
      t.violations && t.violations.length > 0
        ? t.violations.map((v) => ({ test: t.test, error: `${v.invariant}: ${v.message}`, invariant: v.invariant, step: v.step }))
        : [{ test: t.test, error: t.error ?? 'failed' }],
    );
}

function itemsOf(trace: CoverageTrace): Set<string> {
  return new Set([...trace.states.map((s) => `state:${s}`), ...trace.transitions.map((t) => `transition:${t}`)]);
}

/** Builds the report of one run from the universes of the flows and the traces of its tests. */
export function buildCoverageReport(
  universes: readonly CoverageUniverse[],
  traces: readonly CoverageTrace[],
  meta: {
    run: string;
    source: string;
    generator: string;
    stopCondition: string;
    generatedAt?: string;
    timings?: Record<string, number>;
  },
): CoverageReport {
  const models: ModelResult[] = universes.map((u) => {
    const stateKeys = new Set(u.states.map((s) => s.key));
    const transitionKeys = new Set(u.transitions.map((t) => t.key));
    // A trace belongs to a model when it was recorded for it or touched it (a sub-flow).
    const own = traces.filter(
      (t) => t.machineId === u.machineId || t.states.some((s) => stateKeys.has(s)) || t.transitions.some((k) => transitionKeys.has(k)),
    );
    const union = (pick: (t: CoverageTrace) => readonly string[]) => new Set(own.flatMap(pick));
    const vertices = criterion(u.states, union((t) => t.states));
    const edges = criterion(u.transitions, union((t) => t.transitions));
    const guardOutcomes = criterion(u.guardOutcomes, union((t) => t.guards));
    const oneSwitch = criterion(u.oneSwitch, union((t) => t.pairs));
    const passed: string[] = [];
    const failed: string[] = [];
    const notCovered: string[] = [];
    const traceItems = own.map((t) => ({ trace: t, items: itemsOf(t) }));
    const testRequirements = new Map<CoverageTrace, string[]>();
    for (const [req, citing] of u.requirements) {
      const covering = traceItems.filter(({ items }) => citing.some((c) => items.has(c)));
      for (const { trace } of covering) testRequirements.set(trace, [...(testRequirements.get(trace) ?? []), req]);
      if (covering.length === 0) notCovered.push(req);
      else if (covering.some(({ trace }) => trace.status === 'failed')) failed.push(req);
      else passed.push(req);
    }
    const failures = failuresOf(own);
    const invariants = invariantsOf(u.invariants, own);
    // Browser runs record no invariant checks; only a run that checks them owes every one.
    const checksInvariants = own.some((t) => t.invariants !== undefined);
    const complete =
      vertices.unvisited + edges.unvisited + guardOutcomes.unvisited === 0 &&
      notCovered.length === 0 &&
      (!checksInvariants || invariants.notChecked === 0);
    const status: ModelResult['status'] =
      own.length === 0 ? 'notExecuted' : failures.length > 0 ? 'failed' : complete ? 'completed' : 'incomplete';
    return {
      name: u.machineId,
      title: u.title,
      modelHash: u.modelHash,
      status,
      vertices,
      edges,
      guardOutcomes,
      oneSwitch,
      totalNumberOfRequirement: u.requirements.size,
      totalNumberOfPassedRequirement: passed.length,
      totalNumberOfFailedRequirement: failed.length,
      totalNumberOfUncoveredRequirement: notCovered.length,
      requirementCoverage: percent(passed.length + failed.length, u.requirements.size),
      requirementsPassed: passed,
      requirementsFailed: failed,
      requirementsNotCovered: notCovered,
      invariants,
      tests: own.map((t) => ({
        name: t.test,
        status: t.status,
        steps: t.steps,
        requirements: testRequirements.get(t) ?? [],
        ...(t.error === undefined ? {} : { error: t.error }),
      })),
      failures,
    };
  });
  const count = (s: ModelResult['status']) => models.filter((m) => m.status === s).length;
  const reqTotal = models.reduce((s, m) => s + m.totalNumberOfRequirement, 0);
  const reqPassed = models.reduce((s, m) => s + m.totalNumberOfPassedRequirement, 0);
  const reqFailed = models.reduce((s, m) => s + m.totalNumberOfFailedRequirement, 0);
  return {
    format: 'carrier-portal/coverage@1',
    run: meta.run,
    source: meta.source,
    generator: meta.generator,
    stopCondition: meta.stopCondition,
    generatedAt: meta.generatedAt ?? new Date().toISOString(),
    timings: meta.timings ?? {},
    totalNumberOfModels: models.length,
    totalNumberOfCompletedModels: count('completed'),
    totalNumberOfIncompleteModels: count('incomplete'),
    totalNumberOfFailedModels: count('failed'),
    totalNumberOfNotExecutedModels: count('notExecuted'),
    totals: {
      vertices: sumCriteria(models.map((m) => m.vertices)),
      edges: sumCriteria(models.map((m) => m.edges)),
      guardOutcomes: sumCriteria(models.map((m) => m.guardOutcomes)),
      oneSwitch: sumCriteria(models.map((m) => m.oneSwitch)),
      requirements: {
        total: reqTotal,
        passed: reqPassed,
        failed: reqFailed,
        notCovered: reqTotal - reqPassed - reqFailed,
        coverage: percent(reqPassed + reqFailed, reqTotal),
      },
      invariants: {
        total: models.reduce((s, m) => s + m.invariants.total, 0),
        held: models.reduce((s, m) => s + m.invariants.held, 0),
        violated: models.reduce((s, m) => s + m.invariants.violated, 0),
        notChecked: models.reduce((s, m) => s + m.invariants.notChecked, 0),
        checks: models.reduce((s, m) => s + m.invariants.checks, 0),
      },
    },
    models,
  };
}
