// An error from the Rust side in the players' language. Every error carries its translation key
// and parameters (`detail`, see `i18n.errors.ts`); the English `message` is for logs only and is
// never shown. A Legacy refusal inside an error (`reason`) is said with the refusal's own line.
import type { AppError } from "./bindings";
import { isKey, t } from "./i18n";
import { reasonArg, reasonText } from "./table";

/** A parameter in words: Heroes, outcomes and places by name; Legacy ids as `reasonArg` says them. */
function detailArg(name: string, value: string): string {
  const prefix = { hero: "hero.", outcome: "status.", place: "warden.place." }[name];
  const key = `${prefix}${value}`;
  if (prefix && isKey(key)) return t(key);
  return reasonArg(name, value);
}

/** What the screen says for `e`: its detail's line, else its refusal's, else its kind's. */
export function errorText(e: AppError): string {
  const d = e.detail;
  if (d && isKey(d.code)) {
    const args: Record<string, string> = {};
    for (const [name, value] of Object.entries(d.args)) args[name] = detailArg(name, String(value ?? ""));
    if (e.reason) args.reason = reasonText(e.reason);
    const inner = d.args.why_key;
    if (inner) args.inner = isKey(inner) ? t(inner, args) : t(`error.${e.code}`);
    return t(d.code, args);
  }
  if (e.reason) return reasonText(e.reason);
  const kind = `error.${e.code}`;
  return isKey(kind) ? t(kind) : t("app.error.title");
}
