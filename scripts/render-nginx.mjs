// Renders nginx.conf (a template, README "Deploying") with deployment values:
//   node scripts/render-nginx.mjs [--template nginx.conf] NAME=value ... > /etc/nginx/nginx.conf
// The variables and their defaults are the `{{NAME}} = default` lines at the top of the template.
// A line holding {{BFF_SERVER}} is repeated once per (space-separated) address. Unknown names and
// placeholders without a value are errors. Comment lines are copied as they are.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const DEFAULT_LINE = /^#\s+\{\{([A-Z0-9_]+)\}\}\s+=[ \t]*(.*?)\s*$/;
const PLACEHOLDER = /\{\{([A-Z0-9_]+)\}\}/g;
const REPEATED = 'BFF_SERVER';

/** The template's variables with their defaults. */
export function templateDefaults(template) {
  const defaults = {};
  for (const line of template.split('\n')) {
    const m = DEFAULT_LINE.exec(line);
    if (m) defaults[m[1]] = m[2];
  }
  return defaults;
}

/** Renders the template; throws on an unknown name or a placeholder without a value. */
export function renderNginx(template, values = {}) {
  const defaults = templateDefaults(template);
  for (const name of Object.keys(values)) {
    if (!(name in defaults)) throw new Error(`unknown nginx.conf variable ${name}`);
  }
  const all = { ...defaults, ...values };
  const out = [];
  for (const line of template.split('\n')) {
    // Comments (the variable list included) stay as written.
    if (line.trimStart().startsWith('#')) {
      out.push(line);
      continue;
    }
    const copies = line.includes(`{{${REPEATED}}}`)
      ? String(all[REPEATED]).split(/\s+/).filter(Boolean)
      : [undefined];
    for (const server of copies) {
      out.push(
        line.replace(PLACEHOLDER, (_m, name) => {
          if (name === REPEATED) return server;
          if (!(name in all)) throw new Error(`nginx.conf uses {{${name}}} without a default`);
          return all[name];
        }),
      );
    }
  }
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  let templatePath = 'nginx.conf';
  const values = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--template') templatePath = args[++i];
    else if (/^[A-Z0-9_]+=/.test(arg))
      values[arg.slice(0, arg.indexOf('='))] = arg.slice(arg.indexOf('=') + 1);
    else {
      console.error(`usage: node scripts/render-nginx.mjs [--template nginx.conf] NAME=value ...`);
      process.exit(2);
    }
  }
  try {
    process.stdout.write(renderNginx(readFileSync(templatePath, 'utf8'), values));
  } catch (err) {
    console.error(`render-nginx: ${err.message}`);
    process.exit(1);
  }
}
