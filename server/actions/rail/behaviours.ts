/** What the rail resources do beyond their declarations (docs/rail.md §6), one entry per resource. */
import { bolNumberBehaviour, codeGeneratorBehaviour } from './numbering-config';

export const railBehaviours = [bolNumberBehaviour, codeGeneratorBehaviour];
