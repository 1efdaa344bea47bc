import { describe, expect, it } from 'vitest';

import { editorCategory, editorDish } from '../../tests/setup/editor-fixtures';
import { baniOfLeiText, CSV_COLUMNS, exportCsv, flagOfText, listOfText, parseMenuCsv } from './csv';

const HEADER = CSV_COLUMNS.join(',');

describe('exportCsv', () => {
  it('writes a BOM, the header and one row per dish in menu order, quoting what needs it', () => {
    const text = exportCsv({
      categories: [
        editorCategory({ id: 2, name: 'Ciorbe', shortLabel: 'Ciorbe', dishIds: [7] }),
        editorCategory({ id: 1, name: 'Grătar', shortLabel: 'Grătar', hidden: true, dishIds: [5] }),
      ],
      dishes: [
        editorDish({
          id: 5,
          categoryId: 1,
          name: 'Mici',
          description: 'Cu muștar, "de casă"',
          nameEn: 'Mici, "homemade"',
          descriptionEn: 'With mustard',
          priceBani: 450,
          hidden: true,
          allergens: ['gluten', 'mustard'],
          revision: 3,
        }),
        editorDish({
          id: 7,
          categoryId: 2,
          name: 'Ciorbă de burtă',
          priceBani: 2450,
          soldOut: true,
          allergens: ['milk'],
          mayContain: 'țelină',
          dietaryTags: ['spicy'],
        }),
      ],
    });
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      `${HEADER},name_en,description_en`,
      '7,Ciorbe,Ciorbă de burtă,,Buc,24.50,yes,no,milk,țelină,spicy,,',
      '5,Grătar,Mici,"Cu muștar, ""de casă""",Buc,4.50,no,yes,gluten|mustard,,,"Mici, ""homemade""",With mustard',
      '',
    ]);
  });
});

describe('parseMenuCsv', () => {
  it('reads the rows with their spreadsheet row numbers, past a BOM, a blank line and a cell spanning lines', () => {
    const text = `\uFEFF${HEADER}\r\n1,Grătar,Mici,"Două\nrânduri",Buc,4.50,no,no,,,\r\n\r\n,Grătar,Nou,,Buc,"12,5",da,nu,gluten | MILK,,vegan\r\n`;
    const { rows, errors } = parseMenuCsv(text);
    expect(errors).toEqual([]);
    expect(rows.map((row) => row.row)).toEqual([2, 5]);
    expect(rows[0]!.cells).toMatchObject({ id: '1', description: 'Două\nrânduri' });
    expect(rows[1]!.cells).toMatchObject({ id: '', name: 'Nou', price_lei: '12,5', allergens: 'gluten | MILK' });
  });

  it('reads the English columns when the header has them, and leaves them out when it does not (issue 23)', () => {
    const [withEnglish] = parseMenuCsv(`${HEADER},description_en,name_en\n1,Grătar,Mici,,Buc,4.50,no,no,,,,Homemade, Mici\n`).rows;
    expect(withEnglish!.cells).toMatchObject({ name: 'Mici', name_en: 'Mici', description_en: 'Homemade' });
    const [without] = parseMenuCsv(`${HEADER}\n1,Grătar,Mici,,Buc,4.50,no,no,,,\n`).rows;
    expect(Object.keys(without!.cells)).not.toContain('name_en');
    expect(Object.keys(without!.cells)).not.toContain('description_en');
  });

  it('accepts the columns in any order', () => {
    const { rows } = parseMenuCsv(`${[...CSV_COLUMNS].reverse().join(',')}\n,,,no,no,3.00,Buc,,Apă,Băuturi,\n`);
    expect(rows[0]!.cells).toMatchObject({ name: 'Apă', category: 'Băuturi', price_lei: '3.00' });
  });

  it('names the row with the wrong number of cells, a missing column or a broken quote', () => {
    expect(parseMenuCsv(`${HEADER}\n1,Grătar,Mici\n`).errors).toEqual([
      { row: 2, field: 'row', message: 'This row has 3 cells; the header has 11.' },
    ]);
    expect(parseMenuCsv('id,name\n1,Mici\n').errors[0]).toMatchObject({ row: 1, field: 'header' });
    expect(parseMenuCsv(`${HEADER}\n1,Grătar,Mici,,Buc,4.50,no,no,,,\n2,"Grătar,Mici\n`).errors[0]).toMatchObject({
      row: 3,
      field: 'file',
    });
    expect(parseMenuCsv('').errors[0]).toMatchObject({ row: 1, field: 'file' });
  });
});

describe('cells', () => {
  it('reads lei with a dot or a comma, at most two decimals', () => {
    expect(baniOfLeiText('24.50')).toBe(2450);
    expect(baniOfLeiText('24,5')).toBe(2450);
    expect(baniOfLeiText('24')).toBe(2400);
    expect(baniOfLeiText('24.50 lei')).toBe(2450);
    expect(baniOfLeiText('24.505')).toBeNull();
    expect(baniOfLeiText('-3')).toBeNull();
    expect(baniOfLeiText('abc')).toBeNull();
  });

  it('reads yes/no in English and Romanian; lists split on |', () => {
    expect([flagOfText('yes'), flagOfText('DA'), flagOfText(''), flagOfText('nu'), flagOfText('maybe')]).toEqual([
      true,
      true,
      false,
      false,
      null,
    ]);
    expect(listOfText(' gluten | Milk ||')).toEqual(['gluten', 'milk']);
  });
});
