// The reps module's public surface: a sales rep's customers, orders, sales and collections (decision 047).
export * from './reps.repository';
