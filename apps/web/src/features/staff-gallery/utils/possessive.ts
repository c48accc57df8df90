/** "Ananya R.'s", "James'": how the console names a customer's post. */
export const possessive = (name: string) => `${name}${name.endsWith("s") ? "'" : "'s"}`;
