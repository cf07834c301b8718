// Types of html.js (plain JavaScript so that browsers can import the same module).
export declare class Html {
  readonly text: string;
  constructor(text: string);
  toString(): string;
}
export declare function escapeHtml(value: string): string;
export type Value = Html | string | number | null | undefined | false | readonly Value[];
export declare function html(strings: TemplateStringsArray, ...values: Value[]): Html;
export declare function prose(text: string): Html;
