/**
 * @fileoverview The SARIF 2.1.0 report, for code-scanning dashboards (GitHub
 * code scanning and others). Rule ids are the catalog ids and every catalog
 * rule is described (description, default level, docs URL), so `ruleIndex`
 * and `ruleId` stay the same across runs; paths are workspace-relative under
 * `%SRCROOT%`; each finding's fingerprint becomes a partial fingerprint, so
 * results are matched across runs even when lines shift; duplicates list
 * their originals as related locations. Pure: returns text.
 */
import { pathToFileURL } from 'node:url';
import type * as Sarif from 'sarif';
import { listRules } from '../../rules/index.js';
import type { Finding, FileStatus, ReviewResult } from '../pipeline/index.js';
import { VERSION } from '../version.cjs';
import { extraSuggestion } from './finding-text.js';

const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The key under `partialFingerprints`; bump its version if fingerprints ever change meaning. */
export const FINGERPRINT_KEY = 'reviewGuard/v1';
const SOURCE_ROOT = '%SRCROOT%';
const LEVEL: Readonly<Record<Finding['severity'], Sarif.Result.level>> = { error: 'error', warning: 'warning', info: 'note' };

interface SarifOptions {
  /**
   * The absolute workspace root, recorded as the base of every location so a
   * viewer (GitHub's upload action) can place them when the root is not the
   * repository's top folder; the locations themselves stay relative.
   */
  readonly root?: string;
}

/** Renders a review result as a SARIF log with one run. */
export function formatSarif(result: ReviewResult, options: SarifOptions = {}): string {
  const rules = listRules();
  const ruleIndex = new Map(rules.map((meta, i) => [meta.id, i]));
  const log: Sarif.Log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'review-guard',
            version: VERSION,
            semanticVersion: VERSION,
            informationUri: 'https://github.com/review-guard/review-guard',
            rules: rules.map(
              (meta): Sarif.ReportingDescriptor => ({
                id: meta.id,
                shortDescription: { text: meta.description },
                helpUri: meta.docsUrl,
                help: { text: `${meta.description}. See ${meta.docsUrl}` },
                defaultConfiguration: { level: LEVEL[meta.defaultSeverity] },
                properties: { kind: meta.kind },
              }),
            ),
          },
        },
        originalUriBaseIds: {
          [SOURCE_ROOT]: {
            ...(options.root ? { uri: pathToFileURL(options.root.endsWith('/') ? options.root : `${options.root}/`).href } : {}),
            description: { text: 'The workspace root review-guard reviewed.' },
          },
        },
        invocations: [invocation(result)],
        results: result.findings.map((finding) => toResult(finding, ruleIndex.get(finding.rule))),
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}

function toResult(finding: Finding, ruleIndex: number | undefined): Sarif.Result {
  const related = finding.related ?? [];
  return {
    ruleId: finding.rule,
    ...(ruleIndex !== undefined ? { ruleIndex } : {}),
    level: LEVEL[finding.severity],
    message: { text: sarifMessage(finding) },
    locations: [{ physicalLocation: physical(finding.file, finding.line, finding.endLine) }],
    ...(related.length > 0
      ? {
          relatedLocations: related.map((r, id) => ({
            id,
            physicalLocation: physical(r.file, r.line),
            message: { text: [r.symbol ?? r.file, r.score !== undefined ? `(similarity ${r.score.toFixed(2)})` : ''].join(' ').trim() },
          })),
        }
      : {}),
    partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
    properties: {
      source: finding.source,
      ...(finding.symbol !== undefined ? { symbol: finding.symbol } : {}),
      // A summary of findings left unlisted (maxFindingsPerFile): how many it stands for.
      ...(finding.omitted !== undefined ? { omitted: finding.omitted } : {}),
    },
  };
}

function physical(file: string, line?: number, endLine?: number): Sarif.PhysicalLocation {
  const region = line === undefined ? undefined : { startLine: line, ...(endLine !== undefined && endLine >= line ? { endLine } : {}) };
  return { artifactLocation: { uri: toUri(file), uriBaseId: SOURCE_ROOT }, ...(region ? { region } : {}) };
}

/** A relative path as a URI reference: `#` and `?` are path characters here, not a fragment or a query. */
function toUri(path: string): string {
  return encodeURI(path).replace(/[#?]/g, (c) => encodeURIComponent(c));
}

/** Files that could not be reviewed and review notices become notifications; an unread file fails the run. */
function invocation(result: ReviewResult): Sarif.Invocation {
  const unread = result.summary.files.filter((f) => f.status !== 'reviewed');
  return {
    executionSuccessful: !unread.some((f) => f.status === 'error'),
    toolExecutionNotifications: [
      ...unread.map((status) => fileNotification(status)),
      ...(result.summary.notices ?? []).map((text): Sarif.Notification => ({ level: 'note', message: { text } })),
    ],
  };
}

function fileNotification(status: FileStatus): Sarif.Notification {
  return {
    level: status.status === 'error' ? 'error' : 'warning',
    message: { text: status.reason ?? `${status.file}: ${status.status}` },
    locations: [{ physicalLocation: { artifactLocation: { uri: toUri(status.file), uriBaseId: SOURCE_ROOT } } }],
  };
}

/** The message, with the suggestion when it adds something. */
function sarifMessage(finding: Finding): string {
  const advice = extraSuggestion(finding);
  return advice ? `${finding.message} (${advice})` : finding.message;
}
