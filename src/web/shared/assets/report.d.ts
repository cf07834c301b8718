// Types of report.js (plain JavaScript so that browsers can import the same module).
import type { FileReport } from '../../../project/analyze.ts';
import type { Html } from './html.js';

export declare const DEFAULT_MIN_SCORE: number;
export declare function renderFileReport(report: FileReport, filename: string, content: string): Html;
