import { memo } from 'react';
import { favorites as t } from '@mayorista/core/messages/productPage';
import { cn } from '../lib/cn';

export interface FavoriteStarProps {
  productName: string;
  starred: boolean;
  onToggle: (starred: boolean) => void;
  className?: string;
}

/**
 * The favourites star (the wholesale-ordering work, decision 016): a toggle button (`aria-pressed`) whose name says the
 * product, so a screen reader hears "Agregar Yerba 500 g a favoritos, botón, no presionado".
 * 44 px target, as every control on a phone.
 */
export const FavoriteStar = memo(function FavoriteStar({ productName, starred, onToggle, className }: FavoriteStarProps) {
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={starred ? t.remove(productName) : t.add(productName)}
      title={starred ? t.remove(productName) : t.add(productName)}
      onClick={() => onToggle(!starred)}
      className={cn(
        'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        starred ? 'text-amber-600 hover:text-amber-700' : 'text-slate-500 hover:text-slate-800',
        className,
      )}
      data-testid="favorite-star"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill={starred ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path strokeLinejoin="round" d="M12 2.8l2.8 5.7 6.3.9-4.6 4.4 1.1 6.2L12 17.1 6.4 20l1.1-6.2L2.9 9.4l6.3-.9L12 2.8z" />
      </svg>
    </button>
  );
});
