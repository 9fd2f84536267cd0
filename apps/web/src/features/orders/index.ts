export { placeOrder, fetchMyOrders, downloadOrderPdf, ordersQueryKey, type PlaceOrderRequest } from './api/orders-api';
