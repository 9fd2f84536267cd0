// The price-lists module's public surface: the price_lists and price_list_items tables, a list as
// the pricing engine reads it, and a cart's or a page's products at a customer's list.
export { assignPriceList, loadCustomerPriceListRule, loadPriceListRule } from './price-lists.repository';
export { createPriceListsService, listNotFound, type PriceListsService } from './price-lists.service';
export { atCustomerPrices } from './price-lists.pricing';
