import type { DiscountTier } from '@mayorista/core';

interface DemoProduct {
  name: string;
  category: 'Almacén' | 'Bebidas' | 'Limpieza' | 'Perfumería';
  /** Wholesale and retail prices in pesos; converted to centavos when seeded. */
  price: number;
  retail: number;
  /** null = unlimited stock */
  stock: number | null;
  sale?: number;
  saleRetail?: number;
  tiers?: DiscountTier[];
  disabled?: boolean;
  sku: string;
  description?: string;
}

const pct = (minQuantity: number, value: number): DiscountTier => ({ minQuantity, discountType: 'percentage', discountValue: value });
const off = (minQuantity: number, pesos: number): DiscountTier => ({ minQuantity, discountType: 'fixed', discountValue: pesos * 100 });
const final = (minQuantity: number, pesos: number): DiscountTier => ({ minQuantity, discountType: 'final_price', discountValue: pesos * 100 });

/** A realistic catalogue of an Argentine distributor, for the embedded default's first start. */
export const demoProducts: DemoProduct[] = [
  { sku: 'ALM-001', name: 'Yerba Mate Playadito 1 kg', category: 'Almacén', price: 4200, retail: 5300, stock: 240, tiers: [pct(6, 5), pct(12, 8)] },
  { sku: 'ALM-002', name: 'Yerba Mate Taragüí 500 g', category: 'Almacén', price: 2150, retail: 2790, stock: 180, tiers: [pct(10, 6)] },
  { sku: 'ALM-003', name: 'Azúcar Ledesma 1 kg', category: 'Almacén', price: 1190, retail: 1490, stock: 500, tiers: [final(10, 1100), final(30, 1050)] },
  { sku: 'ALM-004', name: 'Harina 000 Morixe 1 kg', category: 'Almacén', price: 780, retail: 990, stock: 320, tiers: [off(12, 40)] },
  { sku: 'ALM-005', name: 'Fideos Spaghetti Matarazzo 500 g', category: 'Almacén', price: 1350, retail: 1750, stock: 260, sale: 1190, saleRetail: 1590 },
  { sku: 'ALM-006', name: 'Arroz Largo Fino Gallo Oro 1 kg', category: 'Almacén', price: 1650, retail: 2100, stock: 200, tiers: [pct(6, 4), pct(24, 10)] },
  { sku: 'ALM-007', name: 'Aceite de Girasol Natura 1,5 l', category: 'Almacén', price: 3100, retail: 3890, stock: 150, tiers: [off(6, 150), off(12, 250)] },
  { sku: 'ALM-008', name: 'Dulce de Leche La Serenísima 400 g', category: 'Almacén', price: 1890, retail: 2390, stock: 90, sale: 1690 },
  { sku: 'ALM-009', name: 'Galletitas Criollitas 3 x 100 g', category: 'Almacén', price: 1120, retail: 1450, stock: 300, tiers: [final(20, 990)] },
  { sku: 'ALM-010', name: 'Mermelada Arcor Durazno 454 g', category: 'Almacén', price: 1480, retail: 1890, stock: 75 },
  { sku: 'ALM-011', name: 'Puré de Tomate Arcor 520 g', category: 'Almacén', price: 690, retail: 890, stock: 400, tiers: [pct(12, 7)] },
  { sku: 'ALM-012', name: 'Polenta Presto Pronta 500 g', category: 'Almacén', price: 990, retail: 1290, stock: 120 },
  { sku: 'ALM-013', name: 'Café Molido La Virginia 500 g', category: 'Almacén', price: 5200, retail: 6490, stock: 60, tiers: [pct(6, 5)] },
  { sku: 'ALM-014', name: 'Té Green Hills x 50 saquitos', category: 'Almacén', price: 1290, retail: 1650, stock: 0 },
  { sku: 'ALM-015', name: 'Sal Fina Celusal 500 g', category: 'Almacén', price: 540, retail: 720, stock: null, tiers: [final(24, 480)] },
  { sku: 'ALM-016', name: 'Lentejas Egran 400 g', category: 'Almacén', price: 1150, retail: 1490, stock: 8 },
  { sku: 'ALM-017', name: 'Atún Gomes da Costa al natural 170 g', category: 'Almacén', price: 2350, retail: 2990, stock: 110, sale: 2090, saleRetail: 2690 },
  { sku: 'ALM-018', name: 'Mayonesa Hellmann\u2019s 475 g', category: 'Almacén', price: 2450, retail: 3100, stock: 140, tiers: [off(12, 120)] },
  { sku: 'ALM-019', name: 'Bizcochitos Don Satur Grasa 200 g', category: 'Almacén', price: 890, retail: 1150, stock: 5, disabled: true },
  { sku: 'BEB-001', name: 'Gaseosa Coca-Cola 2,25 l', category: 'Bebidas', price: 2650, retail: 3300, stock: null, tiers: [pct(6, 5), pct(12, 9)] },
  { sku: 'BEB-002', name: 'Agua Mineral Villavicencio 2 l', category: 'Bebidas', price: 1050, retail: 1390, stock: null, tiers: [final(12, 950)] },
  { sku: 'BEB-003', name: 'Soda Sifón Ivess 2 l', category: 'Bebidas', price: 780, retail: 990, stock: 80 },
  { sku: 'BEB-004', name: 'Cerveza Quilmes Clásica lata 473 ml', category: 'Bebidas', price: 1190, retail: 1550, stock: 600, tiers: [pct(24, 8), pct(48, 12)] },
  { sku: 'BEB-005', name: 'Vino Tinto Toro Clásico 1 l', category: 'Bebidas', price: 1590, retail: 1990, stock: 240, sale: 1390 },
  { sku: 'BEB-006', name: 'Fernet Branca 750 ml', category: 'Bebidas', price: 11900, retail: 14500, stock: 48, tiers: [off(6, 500)] },
  { sku: 'BEB-007', name: 'Jugo en Polvo Tang Naranja x 20', category: 'Bebidas', price: 4100, retail: 5200, stock: 35 },
  { sku: 'BEB-008', name: 'Agua Saborizada Levité Pomelo 1,5 l', category: 'Bebidas', price: 1290, retail: 1650, stock: 140, tiers: [final(12, 1150)] },
  { sku: 'BEB-009', name: 'Vino Blanco Santa Julia Chenin 750 ml', category: 'Bebidas', price: 3900, retail: 4900, stock: 3 },
  { sku: 'BEB-010', name: 'Sidra Real 720 ml', category: 'Bebidas', price: 2100, retail: 2690, stock: 0, disabled: true },
  { sku: 'LIM-001', name: 'Lavandina Ayudín 2 l', category: 'Limpieza', price: 1390, retail: 1790, stock: 300, tiers: [pct(12, 6)] },
  { sku: 'LIM-002', name: 'Detergente Magistral Limón 750 ml', category: 'Limpieza', price: 2290, retail: 2890, stock: 220, sale: 1990, saleRetail: 2590 },
  { sku: 'LIM-003', name: 'Jabón en Polvo Ala Matic 3 kg', category: 'Limpieza', price: 8900, retail: 10900, stock: 70, tiers: [off(4, 400), off(10, 800)] },
  { sku: 'LIM-004', name: 'Limpiador Cif Crema 750 ml', category: 'Limpieza', price: 2590, retail: 3290, stock: 130 },
  { sku: 'LIM-005', name: 'Papel Higiénico Higienol 4 x 80 m', category: 'Limpieza', price: 3490, retail: 4390, stock: null, tiers: [final(10, 3200), final(30, 2990)] },
  { sku: 'LIM-006', name: 'Rollo de Cocina Sussex x 3', category: 'Limpieza', price: 2190, retail: 2790, stock: 160, tiers: [pct(10, 5)] },
  { sku: 'LIM-007', name: 'Esponja Mortimer Multiuso x 3', category: 'Limpieza', price: 990, retail: 1290, stock: 210 },
  { sku: 'LIM-008', name: 'Bolsas de Residuos 50 x 70 x 10', category: 'Limpieza', price: 1250, retail: 1590, stock: 2 },
  { sku: 'LIM-009', name: 'Suavizante Vivere Clásico 900 ml', category: 'Limpieza', price: 2790, retail: 3490, stock: 95, tiers: [off(6, 150)] },
  { sku: 'LIM-010', name: 'Insecticida Raid Mata Moscas 360 cc', category: 'Limpieza', price: 4300, retail: 5400, stock: 40, disabled: true },
  { sku: 'PER-001', name: 'Shampoo Sedal Ceramidas 340 ml', category: 'Perfumería', price: 3190, retail: 3990, stock: 120, tiers: [pct(6, 7)] },
  { sku: 'PER-002', name: 'Jabón de Tocador Dove x 3', category: 'Perfumería', price: 3590, retail: 4490, stock: 90, sale: 3190 },
  { sku: 'PER-003', name: 'Desodorante Rexona Men Aerosol 150 ml', category: 'Perfumería', price: 2890, retail: 3650, stock: 150, tiers: [final(12, 2650)] },
  { sku: 'PER-004', name: 'Pasta Dental Colgate Total 90 g', category: 'Perfumería', price: 2450, retail: 3090, stock: 180, tiers: [pct(12, 6), pct(36, 10)] },
  { sku: 'PER-005', name: 'Crema de Manos Hinds 125 ml', category: 'Perfumería', price: 2690, retail: 3390, stock: 4 },
  { sku: 'PER-006', name: 'Toallitas Femeninas Always x 8', category: 'Perfumería', price: 1590, retail: 1990, stock: 200, tiers: [off(10, 80)] },
  { sku: 'PER-007', name: 'Pañales Pampers Confort Sec G x 30', category: 'Perfumería', price: 14900, retail: 18500, stock: 36, sale: 13500, saleRetail: 16900 },
  { sku: 'PER-008', name: 'Alcohol en Gel Purell 250 ml', category: 'Perfumería', price: 1890, retail: 2390, stock: null },
  { sku: 'PER-009', name: 'Protector Solar Dermaglós FPS 50 200 ml', category: 'Perfumería', price: 12900, retail: 15900, stock: 12, disabled: true },
];
