/** Placeholder shapes shown while something loads (long work shows progress). */
import './skeleton.css';

export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`skeleton ${className}`} aria-hidden="true" />;
}

/** A card-shaped placeholder (image block and two text lines). */
export function SkeletonCard() {
  return (
    <div className="skeleton-card" aria-hidden="true">
      <Skeleton className="skeleton-card__image" />
      <Skeleton className="skeleton-card__line" />
      <Skeleton className="skeleton-card__line skeleton-card__line--short" />
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
