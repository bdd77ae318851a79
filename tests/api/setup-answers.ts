/** Before each API test file: after its tests, every answer its servers gave must match the OpenAPI document. */
import { expectAnswersMatchDocument } from './contract/openapi-check';

expectAnswersMatchDocument();
