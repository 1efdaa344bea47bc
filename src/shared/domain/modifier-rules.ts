/**
 * Modifier selection rules (spec §5): required groups need at least min_selections, single-choice
 * groups replace the previous choice, multi-choice groups refuse a choice past max_selections.
 */
export interface GroupRule {
  id: number;
  isRequired: boolean;
  minSelections: number;
  maxSelections: number;
  options: readonly { id: number }[];
}

/** Toggle `optionId` in a group's current selection, following the group's rule. */
export function toggleOption(group: GroupRule, selected: readonly number[], optionId: number): number[] {
  if (selected.includes(optionId)) return selected.filter((id) => id !== optionId);
  if (group.maxSelections <= 1) return [optionId];
  if (selected.length >= group.maxSelections) return [...selected];
  return [...selected, optionId];
}

/** The minimum a group needs: required groups at least 1 even when min_selections says 0. */
export function requiredMinimum(group: GroupRule): number {
  return group.isRequired ? Math.max(1, group.minSelections) : 0;
}

export type SelectionProblem =
  | { kind: 'below-minimum'; groupId: number; minimum: number }
  | { kind: 'above-maximum'; groupId: number; maximum: number }
  | { kind: 'unknown-option'; groupId: number; optionId: number }
  | { kind: 'duplicate-option'; groupId: number; optionId: number };

/** Every rule broken by a selection (group id -> option ids); empty when the selection is valid. */
export function selectionProblems(groups: readonly GroupRule[], selection: ReadonlyMap<number, readonly number[]>): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  for (const group of groups) {
    const chosen = selection.get(group.id) ?? [];
    const known = new Set(group.options.map((o) => o.id));
    const seen = new Set<number>();
    for (const optionId of chosen) {
      if (!known.has(optionId)) problems.push({ kind: 'unknown-option', groupId: group.id, optionId });
      if (seen.has(optionId)) problems.push({ kind: 'duplicate-option', groupId: group.id, optionId });
      seen.add(optionId);
    }
    const minimum = Math.max(requiredMinimum(group), chosen.length > 0 ? group.minSelections : 0);
    if (chosen.length < minimum) problems.push({ kind: 'below-minimum', groupId: group.id, minimum });
    if (chosen.length > group.maxSelections) problems.push({ kind: 'above-maximum', groupId: group.id, maximum: group.maxSelections });
  }
  return problems;
}

export function isSelectionComplete(groups: readonly GroupRule[], selection: ReadonlyMap<number, readonly number[]>): boolean {
  return groups.every((group) => (selection.get(group.id)?.length ?? 0) >= requiredMinimum(group));
}
