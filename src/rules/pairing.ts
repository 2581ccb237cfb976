/** The rules read the model's one pairing of entries and headings. */
export { pairing, targetOf, type Pairing } from '../model/pairing.js';
