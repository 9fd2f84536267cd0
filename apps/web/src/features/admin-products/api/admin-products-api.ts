import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { MOVEMENTS_PAGE_SIZE, type StockMovementsPage } from '@mayorista/core/schemas/ledger';
import type { Product, ProductImage, ProductInput, ProductPage } from '@mayorista/core/schemas/product';
import { apiRequest } from '../../../lib/api-client';
import { fetchProductsPage, productKeys } from '../../../lib/queries/products';

/** The admin table asks for the largest page the API allows: fewer "Cargar más" clicks. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 100;

export const adminProductKeys = {
  list: (search: string) => [...productKeys.all, 'admin', search] as const,
};

/** Every product, disabled ones included (the server honours include_disabled for admins only). */
export function adminProductsQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: adminProductKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      fetchProductsPage<Product>({ search, includeDisabled: true, page: pageParam, pageSize: ADMIN_PRODUCTS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    placeholderData: (previous) => previous,
  });
}

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

export const createProduct = (input: ProductInput) => apiRequest<Product>('/api/products', { method: 'POST', body: input });

export const updateProduct = (id: string, input: ProductInput) => apiRequest<Product>(productPath(id), { method: 'PUT', body: input });

export const setProductEnabled = (id: string, isEnabled: boolean) =>
  apiRequest<Product>(`${productPath(id)}/enabled`, { method: 'PATCH', body: { is_enabled: isEnabled } });

export const deleteProduct = (id: string) => apiRequest<void>(productPath(id), { method: 'DELETE' });

export function uploadProductImage(id: string, file: File): Promise<Product> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<Product>(`${productPath(id)}/image`, { method: 'POST', body: form });
}

/** GET /api/admin/products/:id/stock-movements: one page of the product's stock ledger, newest first. */
export const stockMovementsQueryOptions = (productId: string, page: number) =>
  queryOptions({
    // Under the products' key: saving the product refreshes its history too.
    queryKey: [...productKeys.all, 'stock-movements', productId, page] as const,
    queryFn: ({ signal }) =>
      apiRequest<StockMovementsPage>(`/api/admin/products/${encodeURIComponent(productId)}/stock-movements`, {
        query: { page, page_size: MOVEMENTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: (previous) => previous,
  });

// ---- the product's gallery (the wholesale-ordering work, decision 016) -------------------------------------------------

/** The product page's answer (admins see disabled products too): the gallery editor reads its images. */
export const productImagesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...productKeys.all, 'images', id] as const,
    queryFn: async ({ signal }) => (await apiRequest<ProductPage>(productPath(id), { signal })).images,
  });

export function addProductImage(id: string, file: File): Promise<{ items: ProductImage[] }> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<{ items: ProductImage[] }>(`${productPath(id)}/images`, { method: 'POST', body: form });
}

export const reorderProductImages = (id: string, ids: string[]) =>
  apiRequest<{ items: ProductImage[] }>(`${productPath(id)}/images/order`, { method: 'PUT', body: { ids } });

export const removeProductImage = (id: string, imageId: string) =>
  apiRequest<{ items: ProductImage[] }>(`${productPath(id)}/images/${encodeURIComponent(imageId)}`, { method: 'DELETE' });
