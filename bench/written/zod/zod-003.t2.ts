const LOWERCASE = "abcdefghijklmnopqrstuvwxyz";

export function randomLetters(length = 10): string {
  return Array.from({ length }, () => LOWERCASE[Math.floor(Math.random() * LOWERCASE.length)]).join("");
}
