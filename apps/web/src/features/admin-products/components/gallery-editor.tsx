import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errors } from '@mayorista/core/messages/errors';
import { products } from '@mayorista/core/messages/products';
import { galleryEditor as g } from '@mayorista/core/messages/productPage';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX, type ProductImage } from '@mayorista/core/schemas/product';
import { Button } from '../../../components/ui/button';
import { FilePicker } from '../../../components/ui/file-picker';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { productKeys } from '../../../lib/queries/products';
import { addProductImage, productImagesQueryOptions, removeProductImage, reorderProductImages } from '../api/admin-products-api';

const thumbnail = (image: ProductImage) => image.srcset.split(',')[0]!.trim().split(' ')[0]!;

/** One image: its thumbnail ("Portada" on the first), move up, move down and remove. */
function GalleryTile({
  image,
  index: i,
  last,
  busy,
  onMove,
  onRemove,
}: {
  image: ProductImage;
  index: number;
  last: boolean;
  busy: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <li className="relative space-y-1 rounded-md border border-slate-200 p-1">
      <img
        src={thumbnail(image)}
        alt={g.imageAlt(i + 1)}
        width={160}
        height={120}
        className="aspect-[4/3] w-full rounded object-cover"
      />
      {/* Over the image, so every tile keeps the same height and its buttons line up. */}
      {i === 0 ? (
        <p className="absolute top-2 left-2 rounded bg-white/95 px-1.5 py-0.5 text-xs font-semibold text-brand-800">{g.cover}</p>
      ) : null}
      <div className="flex justify-between">
        <Button variant="ghost" size="icon" aria-label={g.moveUp(i + 1)} disabled={i === 0 || busy} onClick={() => onMove(i - 1)}>
          <span aria-hidden="true">↑</span>
        </Button>
        <Button variant="ghost" size="icon" aria-label={g.moveDown(i + 1)} disabled={last || busy} onClick={() => onMove(i + 1)}>
          <span aria-hidden="true">↓</span>
        </Button>
        <Button variant="ghostDanger" size="icon" aria-label={g.remove(i + 1)} disabled={busy} onClick={onRemove}>
          <span aria-hidden="true">✕</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * The product's images (the wholesale-ordering work, decision 016): add, reorder, remove — each applied at once (not on
 * "Guardar"), since the files are stored as they arrive. The first image is the catalogue's.
 */
export function GalleryEditor({ productId }: { productId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const images = useQuery(productImagesQueryOptions(productId));
  const change = useMutation({
    mutationFn: (action: () => Promise<{ items: ProductImage[] }>) => action(),
    onSuccess: ({ items }) => {
      queryClient.setQueryData(productImagesQueryOptions(productId).queryKey, items);
      // The cover (image_url) of the catalogue and the admin table may have changed.
      void queryClient.invalidateQueries({ queryKey: productKeys.all, predicate: (q) => q.queryKey[1] !== 'images' });
    },
    onError: (error) =>
      toast({
        title: products.errorTitle,
        description: error instanceof Error ? error.message : errors.internal,
        variant: 'destructive',
      }),
  });
  const items = images.data ?? [];
  const full = items.length >= PRODUCT_IMAGES_MAX;
  const move = (from: number, to: number) => {
    const ids = items.map((i) => i.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    change.mutate(() => reorderProductImages(productId, ids));
  };

  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`} aria-busy={change.isPending}>
      <legend className="text-sm font-semibold text-slate-900">{g.title}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {g.hint(PRODUCT_IMAGES_MAX, PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024))}
      </p>
      {images.isPending ? <Spinner label={products.catalog.loading} /> : null}
      {!images.isPending && items.length === 0 ? <p className="text-sm text-slate-700">{g.empty}</p> : null}
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="gallery-editor">
        {items.map((image, i) => (
          <GalleryTile
            key={image.id}
            image={image}
            index={i}
            last={i === items.length - 1}
            busy={change.isPending}
            onMove={(to) => move(i, to)}
            onRemove={() => change.mutate(() => removeProductImage(productId, image.id))}
          />
        ))}
      </ol>
      {full ? (
        <p className="text-sm text-slate-700">{g.full(PRODUCT_IMAGES_MAX)}</p>
      ) : (
        <FilePicker
          id={`${id}-file`}
          accept="image/jpeg,image/png,image/webp"
          chooseText={change.isPending ? g.adding : g.add}
          disabled={change.isPending}
          onFile={(file) => {
            if (file) change.mutate(() => addProductImage(productId, file));
          }}
        />
      )}
    </fieldset>
  );
}
