/**
 * GraphWalker JSON model (graphwalker-io `JsonModel`/`JsonVertex`/`JsonEdge`), so testers
 * can open a flow in GraphWalker Studio or AltWalker. GraphWalker models are flat, so the
 * vertices are the leaf states and a transition declared on a compound state (or the root)
 * becomes one edge per leaf inside it; a compound target resolves to its initial leaf.
 * Guards are the guard names: readable, not executable by GraphWalker.
 */
import type { ChartModel, ChartState } from './chart-model';
import { transitionText } from './chart-model';
import { buildTree } from './chart-tree';

type GwVertex = {
  id: string;
  name: string;
  sharedState?: string;
  requirements: string[];
  properties: Record<string, string>;
};

type GwEdge = {
  id: string;
  name: string;
  guard?: string;
  actions: string[];
  requirements: string[];
  sourceVertexId: string;
  targetVertexId: string;
  properties: Record<string, string>;
};

export type GraphWalkerDocument = {
  name: string;
  models: {
    name: string;
    id: string;
    generator: string;
    startElementId: string;
    actions: string[];
    requirements: string[];
    vertices: GwVertex[];
    edges: GwEdge[];
    properties: Record<string, string>;
  }[];
};

const identifier = (text: string) => text.replace(/[^A-Za-z0-9_]/g, '_');

/** Renders the chart model as a GraphWalker JSON document with one model. */
export function toGraphWalker(model: ChartModel, generator = 'random(edge_coverage(100))'): GraphWalkerDocument {
  const tree = buildTree(model);
  const leaves = model.states.filter((s) => (tree.children.get(s.id) ?? []).length === 0);
  const leafIds = new Set(leaves.map((s) => s.id));
  const leavesUnder = (id: string): ChartState[] =>
    id === model.id ? leaves : leaves.filter((l) => l.id === id || tree.ancestors(l.id).includes(id));
  const resolveTarget = (id: string): string => {
    let cursor = tree.byId.get(id);
    while (cursor && !leafIds.has(cursor.id) && cursor.initial) cursor = tree.byId.get(cursor.initial);
    return cursor?.id ?? id;
  };
  const vertexId = (stateId: string) => `v_${identifier(stateId)}`;
  const vertices: GwVertex[] = leaves.map((s) => {
    const inherited = [s.id, ...tree.ancestors(s.id)].flatMap((id) => tree.byId.get(id)?.requirements ?? []);
    const owner = [s, ...tree.ancestors(s.id).reverse().map((id) => tree.byId.get(id))].find((x) => x?.route);
    return {
      id: vertexId(s.id),
      name: `v_${identifier(s.id.split('.').slice(1).join('_'))}`,
      requirements: [...new Set(inherited)].sort(),
      properties: {
        stateId: s.id,
        title: s.title ?? owner?.title ?? '',
        route: owner?.route ?? '',
        pageId: owner?.pageId ?? '',
        tags: s.tags.join(','),
        type: s.type,
      },
    };
  });
  const edges: GwEdge[] = [];
  for (const t of model.transitions) {
    const sources = leavesUnder(t.source).filter((l) => l.type !== 'final');
    for (const source of sources) {
      const targets = t.targets.length > 0 ? t.targets.map(resolveTarget) : [source.id];
      for (const target of targets) {
        const edge: GwEdge = {
          id: `${t.key}|${source.id}|${target}`,
          name: `e_${identifier(t.label)}`,
          actions: [],
          requirements: [...t.requirements],
          sourceVertexId: vertexId(source.id),
          targetVertexId: vertexId(target),
          properties: { transition: t.key, label: transitionText(t), event: t.event },
        };
        if (t.guard) edge.guard = t.guard;
        edges.push(edge);
      }
    }
  }
  const start = model.initial ? vertexId(resolveTarget(model.initial)) : (vertices[0]?.id ?? '');
  return {
    name: model.id,
    models: [
      {
        name: model.id,
        id: model.id,
        generator,
        startElementId: start,
        actions: [],
        requirements: [...model.requirements],
        vertices,
        edges,
        properties: { title: model.title, machineVersion: model.machineVersion },
      },
    ],
  };
}
