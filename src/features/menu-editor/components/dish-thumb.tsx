/** A dish's small picture in the editor's lists: the uploaded photo's smallest size, the seed's picture, or a blank box. */
import type { EditorDish } from '../../../shared/schemas/menu-editor';
import { photoUrl } from '../api/catalogue-api';

export function DishThumb({ dish }: { dish: Pick<EditorDish, 'photo' | 'image'> }) {
  const src = dish.photo ? photoUrl(dish.photo.id, Math.min(...dish.photo.widths)) : dish.image;
  if (!src) return <span className="me-thumb me-thumb--empty" aria-hidden="true" />;
  return <img className="me-thumb" src={src} alt="" width={48} height={48} loading="lazy" decoding="async" />;
}
