import { useState } from 'react';
import { productPage as t } from '@mayorista/core/messages/productPage';
import type { ProductImage } from '@mayorista/core/schemas/product';
import { cn } from '../../../lib/cn';

/** The smallest copy in a srcset (the gallery's thumbnails): its first entry's URL. */
const smallest = (image: ProductImage) => image.srcset.split(',')[0]!.trim().split(' ')[0]!;

/**
 * The product page's images: the chosen one large (the browser picks its size from `srcset`),
 * thumbnails below to switch. Nothing at all when the product has no image — no empty box.
 */
export function ProductGallery({ images, productName }: { images: ProductImage[]; productName: string }) {
  const [selected, setSelected] = useState(0);
  if (images.length === 0) return null;
  const current = images[Math.min(selected, images.length - 1)]!;
  const index = images.indexOf(current);
  return (
    <section aria-label={t.gallery} className="space-y-2">
      <img
        key={current.id}
        src={current.url}
        srcSet={current.srcset}
        // Full width on a phone; half the page (at most ~36rem) from md.
        sizes="(min-width: 768px) min(50vw, 36rem), 100vw"
        width={current.width ?? 800}
        height={current.height ?? 600}
        alt={t.imageAlt(productName, index + 1, images.length)}
        // The first image is the page's largest paint: no lazy loading, fetched first.
        fetchPriority={index === 0 ? 'high' : 'auto'}
        className="aspect-[4/3] w-full rounded-lg border border-slate-200 bg-white object-contain"
        data-testid="product-main-image"
      />
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={t.showImage(i + 1, images.length)}
                aria-pressed={i === index}
                onClick={() => setSelected(i)}
                className={cn(
                  'block overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
                  i === index ? 'border-brand-700' : 'border-slate-200 hover:border-slate-400',
                )}
              >
                <img
                  src={smallest(image)}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="h-16 w-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
