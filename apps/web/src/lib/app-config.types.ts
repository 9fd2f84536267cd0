export interface PublicAppConfigShape {
  catalogName: string;
  whatsappPhone: string;
}
