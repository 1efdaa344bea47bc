import { describe, expect, it } from 'vitest';

import { everyWordOf } from '../../../tests/fixtures/every-word';
import { emptyDishForm, formToDish } from './dish-form';
import { emptyGroupForm, emptyOption, formToGroupInput } from './group-form';
import { problemMessage } from './problems';

/** Every problem the dish and group forms can show, made by forms filled in wrong. */
function formProblems(): string[] {
  const dish = { ...emptyDishForm(1), priceText: 'abc', availability: [{ days: [], from: '25:00', to: '10:00' }] };
  const tooLong = { ...emptyDishForm(1), name: 'x'.repeat(200), priceText: '0', mayContain: 'z'.repeat(400) };
  const badWindow = { ...emptyDishForm(1), name: 'Mici', priceText: '5', availability: [{ days: [1], from: '15:00', to: '11:00' }] };
  const group = { ...emptyGroupForm(), minText: 'x', maxText: '2', options: [{ ...emptyOption(), priceText: 'free' }] };
  const noOptions = { ...emptyGroupForm(), name: 'Sos', minText: '3', maxText: '2', options: [] };
  const required = {
    ...emptyGroupForm(),
    name: 'Sos',
    isRequired: true,
    minText: '0',
    maxText: '41',
    options: [{ ...emptyOption(), name: 'Usturoi' }],
  };
  return [
    formToDish(dish),
    formToDish(tooLong),
    formToDish(badWindow),
    formToGroupInput(group),
    formToGroupInput(noOptions),
    formToGroupInput(required),
  ].flatMap((result) => (result.ok ? [] : Object.values(result.errors)));
}

describe("the forms' problems in the screen's language", () => {
  it('are each a message of the catalogue: the same English, and Romanian', async () => {
    const [english, romanian] = [everyWordOf('en'), everyWordOf('ro')];
    const problems = formProblems();
    expect(problems.length).toBeGreaterThanOrEqual(12);
    for (const text of problems) {
      const { id, values } = problemMessage(text);
      expect(id, text).not.toBe('menu-editor.problem.other');
      expect(english._(id, values)).toBe(text);
      expect(romanian._(id, values)).not.toBe(text);
    }
  });

  it('carry their values over: a length limit, a minimum', async () => {
    const romanian = everyWordOf('ro');
    const say = (text: string) => {
      const { id, values } = problemMessage(text);
      return romanian._(id, values);
    };
    expect(say('Too big: expected string to have <=120 characters')).toBe('Prea lung: cel mult 120 de caractere');
    expect(say('Too small: expected number to be >=1')).toBe('Prea mic: cel puțin 1');
    expect(say('Enter a name')).toBe('Scrie o denumire');
  });

  it('show a text no message knows as it came, inside a Romanian frame', async () => {
    const romanian = everyWordOf('ro');
    const { id, values } = problemMessage('Something new went wrong');
    expect(romanian._(id, values)).toBe('Valoare nevalidă (Something new went wrong)');
  });
});
