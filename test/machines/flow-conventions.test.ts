import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { findPage, pageTable } from '../../machines/page-table';
import { machineRegistry } from '../../machines/registry';
import { Requirements } from '../../machines/requirements';

type Meta = { route?: string; pageId?: string; title?: string; requirements?: readonly string[] };

// Every flow that owns pages in the page table, whichever service it belongs to.
const flows = machineRegistry.filter((entry) => pageTable.some((page) => page.flow === entry.id));
const nodesOf = (entry: (typeof machineRegistry)[number]): AnyStateNode[] => getStateNodes(entry.machine.root);
const metaOf = (node: AnyStateNode): Meta => (node.meta ?? {}) as Meta;

describe('フローの約束事', () => {
  it.each(machineRegistry.map((entry) => [entry.id, entry] as const))(
    '%s: すべての状態に日本語のタイトルと定義済みの要件IDがあること',
    (_, entry) => {
      expect(entry.machine.id).toBe(entry.id);
      for (const node of nodesOf(entry)) {
        const meta = metaOf(node);
        expect(meta.title, node.id).toMatch(/[ぁ-んァ-ヶ一-龠]/);
        expect(meta.requirements?.length ?? 0, node.id).toBeGreaterThan(0);
        for (const id of meta.requirements ?? []) expect(Object.keys(Requirements), node.id).toContain(id);
      }
    },
  );

  it.each(flows.map((entry) => [entry.id, entry] as const))(
    '%s: 各状態はページ表の自フローの画面（またはエラー画面）に結び付き、戻る抑止タグがページ表と一致すること',
    (_, entry) => {
      for (const node of nodesOf(entry)) {
        const meta = metaOf(node);
        const page = meta.route === undefined ? undefined : findPage(meta.route);
        expect(page, node.id).toBeDefined();
        if (!page) continue;
        expect(meta.pageId, node.id).toBe(page.id);
        if (page.path === '/Error') continue;
        expect(page.flow, node.id).toBe(entry.id);
        if (node.type !== 'compound') expect(node.tags.includes('noBack'), node.id).toBe(page.backForwardDeter);
      }
    },
  );

  it.each(flows.map((entry) => [entry.id, entry] as const))('%s: ページ表で自フローに属する画面をすべて使うこと', (_, entry) => {
    const routes = new Set(nodesOf(entry).map((node) => metaOf(node).route));
    const owned = pageTable.filter((page) => page.flow === entry.id).map((page) => page.path);
    expect(owned.length).toBeGreaterThan(0);
    for (const path of owned) expect([...routes]).toContain(path);
  });

  it.each(machineRegistry.map((entry) => [entry.id, entry] as const))(
    '%s: invokeはid=srcでonErrorを持ち、ガード名はisX/hasX/canX、イベント名はsubject.verbであること',
    (_, entry) => {
      for (const node of [entry.machine.root, ...nodesOf(entry)]) {
        for (const invoke of node.invoke) {
          expect(invoke.src, node.id).toBe(invoke.id);
          expect([...node.transitions.keys()], node.id).toContain(`xstate.error.actor.${invoke.id}`);
        }
        for (const [eventType, candidates] of node.transitions) {
          if (!eventType.startsWith('xstate.')) expect(eventType).toMatch(/^[a-z]+\.[a-z]+$/);
          for (const candidate of candidates) {
            const guard: unknown = candidate.guard;
            if (guard === undefined) continue;
            const name = typeof guard === 'string' ? guard : (guard as { type: string }).type;
            expect(name, `${node.id} ${eventType}`).toMatch(/^(is|has|can)[A-Z]/);
          }
        }
      }
    },
  );

  it.each(machineRegistry.map((entry) => [entry.id, entry] as const))(
    '%s: externalの状態は自分で通信せず、persistableとbusyは同時に付かないこと',
    (_, entry) => {
      for (const node of nodesOf(entry)) {
        if (node.tags.includes('external')) expect(node.invoke, node.id).toEqual([]);
        expect(node.tags.includes('persistable') && node.tags.includes('busy'), node.id).toBe(false);
      }
    },
  );
});
