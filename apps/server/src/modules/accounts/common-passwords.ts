/**
 * Passwords that top every breach list (plus Spanish and Argentine favourites). Only entries of
 * 8+ characters matter, since shorter ones already fail the length rule. A compact list keeps
 * the check in memory; it stops the guesses an attacker tries first, not every weak password.
 */
const COMMON_PASSWORDS = [
  '12345678', '123456789', '1234567890', '12345678910', '11111111', '111111111', '00000000', '000000000',
  '88888888', '99999999', '66666666', '55555555', '12341234', '11223344', '87654321', '98765432',
  '987654321', '0987654321', '123123123', '147258369', '123456abc', '123456789a', '1234567a',
  '12345678a', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', '1qaz2wsx3edc', 'zaq12wsx', 'q1w2e3r4',
  'q1w2e3r4t5', 'qwertyui', 'qwertyuiop', 'qwerty123', 'qwerty12', 'qwerty1234', 'qweasdzxc',
  'asdfghjkl', 'asdfasdf', 'zxcvbnm1', 'zxcvbnm123', 'abcd1234', 'abc12345', 'abcdefgh',
  'a1b2c3d4', 'aa123456', 'password', 'password1', 'password12', 'password123', 'passw0rd',
  'p@ssw0rd', 'p@ssword', 'pa$$word', 'password!', 'iloveyou', 'iloveyou1', 'princess', 'princesa',
  'sunshine', 'football', 'baseball', 'basketball', 'superman', 'batman123', 'starwars',
  'whatever', 'trustno1', 'welcome1', 'welcome123', 'letmein1', 'letmein123', 'master123',
  'dragon123', 'monkey123', 'shadow123', 'michael1', 'jennifer', 'jordan23', 'charlie1',
  'computer', 'internet', 'mustang1', 'access14', 'corvette', 'liverpool', 'chelsea1',
  'arsenal1', 'barcelona', 'realmadrid', 'samsung1', 'google123', 'facebook', 'linkedin',
  'changeme', 'changeme1', 'default1', 'administrator', 'admin123', 'admin1234', 'adminadmin',
  'root1234', 'test1234', 'testtest', 'guest123', 'user1234', 'secret123', 'hello123',
  'freedom1', 'qazwsxedc', 'passpass', 'lovelove', 'flower123', 'chocolate', 'butterfly',
  'pokemon1', 'minecraft', 'fortnite', 'spiderman', 'naruto123', 'summer2024', 'summer2025',
  'winter2024', 'spring2025', 'welcome2024', 'welcome2025', 'password2024', 'password2025',
  'contraseña', 'contrasena', 'contraseña1', 'contrasena1', 'contraseña123', 'contrasena123',
  'micontraseña', 'micontrasena', 'teamo123', 'teamomucho', 'tequiero', 'tequiero1',
  'mimamamemima', 'argentina', 'argentina1', 'argentina123', 'argentina2022', 'boca1234',
  'bocajuniors', 'bocajrs1', 'riverplate', 'river1234', 'racing123', 'independiente',
  'sanlorenzo', 'huracan1', 'velezsarsfield', 'messi123', 'messi1010', 'maradona',
  'maradona10', 'diego1010', 'buenosaires', 'mendoza1', 'cordoba1', 'rosario1', 'tucuman1',
  'mayorista', 'mayorista1', 'mayorista123', 'catalogo', 'catalogo1', 'catalogo123', 'pedidos1',
  'distribuidora', 'comercio', 'negocio1', 'empresa1', 'empresa123', 'clave123', 'clave1234',
  'miclave1', 'claveclave', 'usuario1', 'usuario123', 'hola1234', 'holahola', 'holamundo',
  'abcdefg1', 'asdasdasd', 'asdf1234', 'qwer1234', 'zxcv1234', 'mariposa', 'corazon1',
  'estrella', 'angelito', 'chiquita', 'mimamita', 'familia1', 'familia123', 'futbol123',
  'sebastian', 'alejandro', 'fernando', 'santiago', 'valentina', 'martina1', 'catalina',
  'gabriela', 'florencia', 'guillermo', 'francisco', 'jesucristo', 'diosesamor',
];

const COMMON_PASSWORD_SET = new Set(COMMON_PASSWORDS);

/** Case-insensitive: "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORD_SET.has(password.trim().toLowerCase());
}
