export const footer = {
  copyright: (catalogName: string, year: number) => `© ${year} ${catalogName}`,
} as const;
