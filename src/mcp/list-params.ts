/**
 * @fileoverview The params of every list method (tools, resources, templates, prompts) review-guard serves,
 * checked at the edge (a 3-argument setRequestHandler answers a mismatch
 * with -32602 "Invalid params for <method>: <field>: <message>"). Nothing is
 * paginated: every list fits in one page, so a cursor is accepted and
 * changes nothing.
 */
import { z } from 'zod';

export const ListParams = z.looseObject({ cursor: z.string({ error: 'expected an opaque string from a previous page' }).optional() });
