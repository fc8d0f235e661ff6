// The parameters of a test send (SMS, mail, notify): one JSON object of name -> value, e.g.
// `{"code": "1234", "minutes": 5}`. Values must be strings or numbers; the core checks the bounds
// (templateParamsSchema) and answers a missing parameter with MESSAGE_TEMPLATE_PARAM_MISSING.
import { JSONObjectResolver } from 'graphql-scalars';

/** The `JSONObject` scalar (graphql-scalars): every template-send input uses this one instance. */
export const TemplateParamsJSON = JSONObjectResolver;
