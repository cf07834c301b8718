// Types of report.js (plain JavaScript so that browsers can import the same module).
import type { FileReport, ProjectReport } from '../../../analysis/analyze.ts';
import type { Html } from './html.js';

export declare const DEFAULT_MIN_SCORE: number;
export declare function renderFileReport(report: FileReport, filename: string, content: string, labels: Readonly<Record<string, string>>): Html;
export declare function withFileNames(message: string, files: readonly { filename: string }[]): string;
export declare function renderProjectReport(report: ProjectReport, files: readonly { filename: string; content: string }[], labels: Readonly<Record<string, string>>): Html;
export declare function lineDiff(a: readonly string[], b: readonly string[]): [' ' | '-' | '+', string][];
export declare function renderFixes(files: readonly { filename: string; content: string; score: number; fixed?: { content: string; applied: number; score: number; remaining: number } }[]): Html;
