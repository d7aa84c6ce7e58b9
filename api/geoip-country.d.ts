// Types of the one call used from geoip-country, which ships none.
declare module "geoip-country" {
  const geoip: { lookup(ip: string): { country: string } | null };
  export default geoip;
}
