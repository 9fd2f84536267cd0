// The lists module's public surface: the shopping_lists and favorites tables.
export { createListsService, type ListsService } from './lists.service';
