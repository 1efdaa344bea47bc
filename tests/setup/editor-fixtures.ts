/** A category and a dish as the menu editor reads them (GET /api/admin/catalogue), for its tests (change what a test is about). */
import type { EditorCatalogue, EditorDish } from '../../src/shared/schemas/menu-editor';

type EditorCategory = EditorCatalogue['categories'][number];

export const editorCategory = (over: Partial<EditorCategory> = {}): EditorCategory => ({
  id: 1,
  name: 'Grătar',
  shortLabel: 'Grătar',
  description: null,
  nameEn: null,
  shortLabelEn: null,
  descriptionEn: null,
  hidden: false,
  revision: 1,
  dishIds: [],
  ...over,
});

export const editorDish = (over: Partial<EditorDish> = {}): EditorDish => ({
  id: 1,
  categoryId: 1,
  name: 'Mici',
  description: null,
  nameEn: null,
  descriptionEn: null,
  unit: 'Buc',
  priceBani: 1000,
  photo: null,
  image: null,
  soldOut: false,
  hidden: false,
  allergens: [],
  mayContain: null,
  dietaryTags: [],
  availability: [],
  groupIds: [],
  revision: 1,
  ...over,
});
