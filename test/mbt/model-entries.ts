/**
 * The flows the model-based run covers: the registry, or the fixture flows while the
 * registry is still empty. Once a real machine is registered the fixtures drop out, so a
 * green run always means the real flows were covered. Input variants and business-rule
 * invariants come with each entry (MachineEntry.variants / .invariants), so a flow added
 * later needs nothing here.
 */
import { machineRegistry, type MachineEntry } from '../../machines/registry';
import { fixtureRegistry } from './fixtures/fixture-registry';

export type ModelEntries = {
  readonly entries: readonly MachineEntry[];
  readonly source: 'registry' | 'fixtures';
};

export function modelEntries(): ModelEntries {
  return machineRegistry.length > 0 ? { entries: machineRegistry, source: 'registry' } : { entries: fixtureRegistry, source: 'fixtures' };
}
