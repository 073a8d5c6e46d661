import type { Connection } from 'mongoose';
import { WORKSHEETS } from './catalogue/worksheets';
import { Worksheets } from './domain/worksheets.service';

/**
 * The seed's worksheets, in two steps. `seedWorksheetTexts` (part of seedCatalogue): the text of
 * catalogue/worksheets.ts (a worksheet the founder edited is left alone). `worksheetFiles` (the
 * seed command, after the catalogue): a PDF for every worksheet whose PDF is missing or out of
 * date (most runs: none; a first run makes the twelve in some seconds). Resolves to the slugs made.
 */
export async function seedWorksheetTexts(mongo: Connection): Promise<void> {
  // The product name only matters for the PDFs, which this step does not make.
  await new Worksheets({ mongo, productName: '' }).seed(WORKSHEETS);
}

export async function worksheetFiles(mongo: Connection, productName: string): Promise<string[]> {
  return new Worksheets({ mongo, productName }).ensureFiles();
}
