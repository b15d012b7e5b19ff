/** #rrggbb, or #rrggbbaa when the alpha (0..1) is below 1. */
export const colorChannelsToHex = (red: number, green: number, blue: number, alpha?: number): string => {
  const channels = [red, green, blue];
  if (typeof alpha === "number" && alpha < 1) channels.push(Math.round(alpha * 255));
  return channels.reduce((hex, channel) => hex + (channel < 16 ? "0" : "") + channel.toString(16), "#");
};
