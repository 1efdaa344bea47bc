/**
 * Which modifier groups the item dialog shows, and whether it must refuse the item with 'This item
 * has modifier groups but they could not be loaded.' (spec §2, §8). Only a group the customer is
 * obliged to choose from and cannot (a required group with fewer active options than its minimum,
 * usually none) blocks adding; an optional group with no active options is simply left out, since
 * optional groups never block (spec §5).
 */
import type { GroupRule } from '../../shared/domain/modifier-rules';
import { requiredMinimum } from '../../shared/domain/modifier-rules';

export interface DialogGroups<G> {
  /** Groups to render, in display order: those with at least one option. */
  shown: G[];
  /** True when a required group cannot be satisfied because its options are missing. */
  missingRequired: boolean;
}

export function dialogGroups<G extends GroupRule & { sortOrder: number }>(groups: readonly G[]): DialogGroups<G> {
  const ordered = [...groups].sort((a, b) => a.sortOrder - b.sortOrder);
  return {
    shown: ordered.filter((group) => group.options.length > 0),
    missingRequired: ordered.some((group) => group.options.length < requiredMinimum(group)),
  };
}
