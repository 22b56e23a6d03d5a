/**
 * SVG statechart laid out by ELK (layered, hierarchical) and drawn here, without a DOM, so
 * the same input always gives the same bytes. Text widths are estimated: full-width
 * characters count 1em, everything else 0.6em.
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { ChartModel, ChartState } from './chart-model';
import { stateLines, transitionText } from './chart-model';
import { ANY_STATE, buildTree, placeEdges } from './chart-tree';

export type ChangeStatus = 'added' | 'removed' | 'changed';

export type SvgOptions = {
  /** Diff colouring per state id and transition key. */
  readonly status?: ReadonlyMap<string, ChangeStatus>;
  /** Replaces the default heading line. */
  readonly heading?: string;
};

const TITLE_SIZE = 13;
const TEXT_SIZE = 11;
const LINE = 16;
const PAD = 8;
const COLORS: Record<ChangeStatus, string> = { added: '#1a7f37', removed: '#cf222e', changed: '#b35900' };

/** Estimated width in px of a single line of text without a DOM. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6) ||
      code === 0x2192;
    em += wide ? 1 : 0.6;
  }
  return Math.ceil(em * fontSize);
}

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number | undefined) => String(Math.round((v ?? 0) * 10) / 10);

type Line = { text: string; size: number; weight?: 'bold'; className: string };

function linesOf(state: ChartState): Line[] {
  const l = stateLines(state);
  const lines: Line[] = [{ text: l.title, size: TITLE_SIZE, weight: 'bold', className: 'title' }];
  const invokes = state.invokes.map((i) => `invoke ${i.src}`).join(', ');
  // The title line already shows the key of states without a title.
  const keyLine = [state.title ? state.key : '', invokes].filter(Boolean).join(' · ');
  if (keyLine !== '') lines.push({ text: keyLine, size: TEXT_SIZE, className: 'key' });
  if (l.detail) lines.push({ text: l.detail, size: TEXT_SIZE, className: 'detail' });
  if (l.tags) lines.push({ text: l.tags, size: TEXT_SIZE, className: 'tags' });
  if (state.requirements.length > 0) lines.push({ text: `要件 ${state.requirements.join(', ')}`, size: TEXT_SIZE, className: 'req' });
  return lines;
}

const blockWidth = (lines: Line[]) => Math.max(...lines.map((l) => textWidth(l.text, l.size))) + 2 * PAD;
const blockHeight = (lines: Line[]) => lines.length * LINE + 2 * PAD - 4;
const initialId = (container: string | null) => `__initial__${container ?? ''}`;

/** Renders the chart model as a standalone SVG document. */
export async function toSvg(model: ChartModel, options: SvgOptions = {}): Promise<string> {
  const tree = buildTree(model);
  const status = options.status ?? new Map<string, ChangeStatus>();
  const linesById = new Map(model.states.map((s) => [s.id, linesOf(s)]));
  const edgesByContainer = new Map<string | null, ElkExtendedEdge[]>();
  const addEdge = (container: string | null, edge: ElkExtendedEdge) => {
    const list = edgesByContainer.get(container) ?? [];
    list.push(edge);
    edgesByContainer.set(container, list);
  };
  const edgeTransition = new Map<string, string>();
  let usesAny = false;
  model.transitions.forEach((t) => {
    placeEdges(tree, t, model.id, false).forEach((edge, i) => {
      if (edge.from === ANY_STATE) usesAny = true;
      const id = `e${edgeTransition.size}_${i}`;
      edgeTransition.set(id, t.key);
      const text = transitionText(t);
      const label: ElkLabel = { text, width: textWidth(text, TEXT_SIZE) + 6, height: LINE };
      addEdge(edge.container, { id, sources: [edge.from], targets: [edge.to], labels: [label] });
    });
  });
  const buildLevel = (parent: string | null, initial: string | null): ElkNode[] => {
    const nodes: ElkNode[] = [];
    if (initial) {
      nodes.push({ id: initialId(parent), width: 14, height: 14 });
      addEdge(parent, { id: `init_${initialId(parent)}`, sources: [initialId(parent)], targets: [initial] });
    }
    for (const s of tree.children.get(parent) ?? []) {
      const lines = linesById.get(s.id) ?? [];
      const kids = tree.children.get(s.id) ?? [];
      if (kids.length === 0) {
        nodes.push({ id: s.id, width: blockWidth(lines), height: blockHeight(lines) });
        continue;
      }
      const header = blockHeight(lines);
      nodes.push({
        id: s.id,
        layoutOptions: {
          'elk.padding': `[top=${header + 8},left=12,bottom=12,right=12]`,
          'elk.nodeSize.constraints': 'MINIMUM_SIZE',
          'elk.nodeSize.minimum': `(${blockWidth(lines)}, ${header})`,
        },
        children: buildLevel(s.id, s.initial),
        edges: edgesByContainer.get(s.id) ?? [],
        // ELK grows compound nodes to fit children; this keeps the header readable.
        width: blockWidth(lines),
        height: header,
      });
    }
    return nodes;
  };
  const topChildren = buildLevel(null, model.initial);
  if (usesAny) {
    const text = '（どの状態からでも）';
    topChildren.unshift({ id: ANY_STATE, width: textWidth(text, TEXT_SIZE) + 2 * PAD, height: 24 });
  }
  // Nested containers took their edges while being built; the top level takes the rest.
  const graph: ElkNode = {
    id: '__root__',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=48,left=16,bottom=16,right=16]',
    },
    children: topChildren,
    edges: edgesByContainer.get(null) ?? [],
  };
  const elk = new ELK();
  const laid = await elk.layout(graph);

  const width = Math.ceil(laid.width ?? 0);
  const height = Math.ceil(laid.height ?? 0);
  const heading = options.heading ?? `${model.title}（${model.id}）  machineVersion ${model.machineVersion}`;
  const body: string[] = [];
  const colorOf = (key: string) => {
    const s = status.get(key);
    return s ? COLORS[s] : null;
  };
  const statusAttr = (key: string) => (status.has(key) ? ` data-change="${status.get(key)}"` : '');

  const drawNode = (node: ElkNode) => {
    const x = node.x ?? 0;
    const y = node.y ?? 0;
    const w = node.width ?? 0;
    const h = node.height ?? 0;
    if (node.id.startsWith('__initial__')) {
      body.push(`<circle class="initial" cx="${n(x + w / 2)}" cy="${n(y + h / 2)}" r="6"/>`);
      return;
    }
    if (node.id === ANY_STATE) {
      body.push(
        `<g class="any"><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="12"/>` +
          `<text x="${n(x + PAD)}" y="${n(y + 16)}" font-size="${TEXT_SIZE}">${esc('（どの状態からでも）')}</text></g>`,
      );
      return;
    }
    const state = tree.byId.get(node.id);
    if (!state) return;
    const color = colorOf(state.id);
    const dashed = status.get(state.id) === 'removed' ? ' stroke-dasharray="6 4"' : '';
    const stroke = color ? ` stroke="${color}" stroke-width="2.5"` : '';
    body.push(`<g class="state state-${state.type}" data-state-id="${esc(state.id)}"${statusAttr(state.id)}>`);
    body.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="8"${stroke}${dashed}/>`);
    if (state.type === 'final') {
      body.push(`<rect class="final-inner" x="${n(x + 3)}" y="${n(y + 3)}" width="${n(w - 6)}" height="${n(h - 6)}" rx="6"/>`);
    }
    (linesById.get(state.id) ?? []).forEach((line, i) => {
      const weight = line.weight ? ` font-weight="${line.weight}"` : '';
      const fill = color && i === 0 ? ` fill="${color}"` : '';
      body.push(
        `<text class="${line.className}" x="${n(x + PAD)}" y="${n(y + PAD + 11 + i * LINE)}" font-size="${line.size}"${weight}${fill}>${esc(line.text)}</text>`,
      );
    });
    body.push('</g>');
    for (const child of node.children ?? []) drawNode(child);
  };

  const drawEdges = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const key = edgeTransition.get(edge.id);
      const color = key ? colorOf(key) : null;
      const dashed = key && status.get(key) === 'removed' ? ' stroke-dasharray="6 4"' : '';
      const stroke = color ? ` stroke="${color}" stroke-width="2"` : '';
      const marker = color ? `arrow-${status.get(key as string)}` : 'arrow';
      const d = (edge.sections ?? [])
        .map((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)} ${n(p.y)}`).join(' '))
        .join(' ');
      const attrs = key ? ` class="edge" data-transition="${esc(key)}"${statusAttr(key)}` : ' class="edge initial-edge"';
      body.push(`<g${attrs}><path d="${d}"${stroke}${dashed} marker-end="url(#${marker})"/>`);
      for (const label of edge.labels ?? []) {
        body.push(
          `<rect class="label-bg" x="${n(label.x)}" y="${n(label.y)}" width="${n(label.width)}" height="${n(label.height)}"/>` +
            `<text x="${n((label.x ?? 0) + 3)}" y="${n((label.y ?? 0) + 12)}" font-size="${TEXT_SIZE}"${color ? ` fill="${color}"` : ''}>${esc(label.text ?? '')}</text>`,
        );
      }
      body.push('</g>');
    }
    for (const child of node.children ?? []) drawEdges(child);
  };

  for (const child of laid.children ?? []) drawNode(child);
  drawEdges(laid);

  const markers = [
    ['arrow', '#444'],
    ...Object.entries(COLORS).map(([k, c]) => [`arrow-${k}`, c]),
  ]
    .map(
      ([id, c]) =>
        `<marker id="${id}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="${c}"/></marker>`,
    )
    .join('');
  const style = [
    'text{font-family:"Noto Sans JP","Hiragino Sans","Yu Gothic",sans-serif;fill:#1a1a1a}',
    '.state>rect{fill:#fff;stroke:#555;stroke-width:1.2}',
    '.state-compound>rect{fill:#f6f8fa}',
    '.state-final .final-inner{fill:none;stroke:#555}',
    '.key,.tags,.req{fill:#5a5a5a}',
    '.detail{fill:#0b4f9c}',
    '.edge path{fill:none;stroke:#444;stroke-width:1.2}',
    '.label-bg{fill:#fff;opacity:.85}',
    '.initial{fill:#1a1a1a}',
    '.any rect{fill:#fffbe6;stroke:#b39700;stroke-dasharray:3 3}',
    '.is-current>rect{stroke:#0055d4;stroke-width:4;fill:#e8f0fe}',
  ].join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="chart-title" data-machine="${esc(model.id)}" data-machine-version="${model.machineVersion}">`,
    `<title id="chart-title">${esc(heading)}</title>`,
    `<defs>${markers}<style>${style}</style></defs>`,
    `<text x="16" y="28" font-size="16" font-weight="bold">${esc(heading)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
