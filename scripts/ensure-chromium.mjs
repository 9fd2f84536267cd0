// Browser tests use Debian's Chromium (Playwright's own download cannot work on these machines).
// Installs it with apt-get when missing and running as root; otherwise says exactly what to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium() {
  const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(executable)) return executable;
  if (process.getuid?.() !== 0) {
    console.error(
      `No se encontró Chromium en ${executable}.\n` +
        'Instalalo con:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'o indicá otro ejecutable con CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.log('Instalando Chromium de Debian para las pruebas de navegador (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core'], { stdio: 'inherit', env });
  if (!existsSync(executable)) {
    console.error(`apt-get terminó pero ${executable} sigue sin existir.`);
    process.exit(1);
  }
  return executable;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
