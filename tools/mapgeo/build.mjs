// Writes the committed geometry of a province map (README.md): the coarse
// polygons of <map>.json, authored by hand in longitude/latitude, cut along
// Natural Earth's coastline (world-atlas land-50m, or the map's `coastline`),
// projected, clipped to the map's frame and simplified, as SVG path data in
// canvas coordinates.
//
//   node build.mjs standard ../../shared/games/diplomacy/data/standard-geometry.json
//   node build.mjs fall ../../shared/games/fall/data/fall-of-constantinople-geometry.json
//
// Land provinces are their coarse polygon ∩ land, sea zones their coarse
// polygon − land ("fills", narrow waters the map closes, count as land). The
// coastline is simplified once, before any cut, so that a province and the
// sea beside it share the same coast vertices. Problems (land or sea that two
// areas claim, sea no zone covers) are printed; the adjacency test
// (tests/games/diplomacy/test_map_geometry.cpp) checks the borders.
//
// Optional in a map file: `islands`, rings of land given to an area whatever
// the other rings claim (a water island, a sea space with its island, takes
// its sea from its ring and its land from these); `cities`, where each
// province's city stands; `straits`, crossings over water drawn as lines
// ({"between": [a, b], "kind": ..., "line": [lon/lat points]}); `borders`,
// borders drawn with a mark (a wall), the same way. An area's ring may be a
// list of rings (an area in pieces). Island rings take the land of islands
// only (pieces of land mostly inside them). Vertex names are looked up in the area's
// own table first (`vertices` for land, `sea_vertices` for sea), then in the
// other, so that a land border and a sea border can meet the coast along one
// line.
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import * as d3 from 'd3-geo';
import polygonClipping from 'polygon-clipping';
import {feature} from 'topojson-client';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const [mapName, outPath] = process.argv.slice(2);
if (!mapName || !outPath) {
  console.error('usage: node build.mjs <map> <output.json>   (map: a <map>.json beside this script)');
  process.exit(2);
}
const spec = JSON.parse(readFileSync(join(here, `${mapName}.json`), 'utf8'));

// ------------------------------------------------------------ projection

const projection = (() => {
  const p = spec.projection;
  const proj = p.type === 'mercator' ? d3.geoMercator() : d3.geoConicConformal().parallels(p.parallels);
  return proj.rotate(p.rotate || [0, 0]).scale(1000).translate([0, 0]);
})();
const f = spec.frame;
const x0 = projection(f.west)[0];
const x1 = projection(f.east)[0];
const y0 = projection(f.north)[1];
const y1 = projection(f.south)[1];
const k = f.width / (x1 - x0);
const width = f.width;
const height = Math.round((y1 - y0) * k);
const toCanvas = ([lon, lat]) => {
  const [x, y] = projection([lon, lat]);
  return [(x - x0) * k, (y - y0) * k];
};
const toLonLat = ([x, y]) => projection.invert([x / k + x0, y / k + y0]);
const frame = [[[0, 0], [width, 0], [width, height], [0, height], [0, 0]]];

// ------------------------------------------------------------ geometry helpers

const close = (ring) => {
  const r = ring.slice();
  const [a, b] = [r[0], r[r.length - 1]];
  if (a[0] !== b[0] || a[1] !== b[1]) r.push(a);
  return r;
};
const ringArea = (r) => {
  let s = 0;
  for (let i = 0; i + 1 < r.length; i++) s += r[i][0] * r[i + 1][1] - r[i + 1][0] * r[i][1];
  return s / 2;
};
const polyArea = (poly) => poly.reduce((s, r, i) => s + (i === 0 ? 1 : -1) * Math.abs(ringArea(r)), 0);
const debug = [];
const multiArea = (mp) => mp.reduce((s, p) => s + polyArea(p), 0);

// Douglas-Peucker on a closed ring (canvas units).
function simplifyRing(ring, tol) {
  const pts = ring.slice(0, -1);
  if (pts.length < 4) return ring;
  const keep = new Uint8Array(pts.length);
  const far = (a, b, lo, hi) => {
    let best = -1;
    let at = -1;
    const [ax, ay] = pts[a];
    const [bx, by] = pts[b % pts.length];
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy) || 1e-9;
    for (let i = lo; i < hi; i++) {
      const [px, py] = pts[i];
      const d = Math.abs(dy * (px - ax) - dx * (py - ay)) / len;
      if (d > best) {
        best = d;
        at = i;
      }
    }
    return [at, best];
  };
  const stack = [[0, pts.length]];
  keep[0] = 1;
  // Split the ring at its farthest point from the first, so that a closed
  // ring is two open chains.
  let split = 0;
  let best = -1;
  for (let i = 1; i < pts.length; i++) {
    const d = Math.hypot(pts[i][0] - pts[0][0], pts[i][1] - pts[0][1]);
    if (d > best) {
      best = d;
      split = i;
    }
  }
  keep[split] = 1;
  stack.pop();
  stack.push([0, split], [split, pts.length]);
  while (stack.length) {
    const [a, b] = stack.pop();
    if (b - a < 2) continue;
    const [at, d] = far(a, b, a + 1, b);
    if (d > tol) {
      keep[at] = 1;
      stack.push([a, at], [at, b]);
    }
  }
  const out = pts.filter((_, i) => keep[i]);
  out.push(out[0]);
  return out;
}

// ------------------------------------------------------------ land

const topo = require(`world-atlas/${spec.coastline ?? 'land-50m'}.json`);
const world = feature(topo, topo.objects.land);
// Rings crossing the antimeridian (Eurasia's, at Chukotka) are made
// continuous eastwards so that they read as plane polygons; polygons far from
// the map are left out.
const unwrap = (ring) =>
  ring.some(([lon]) => lon > 170) && ring.some(([lon]) => lon < -170)
    ? ring.map(([lon, lat]) => [lon < -90 ? lon + 360 : lon, lat])
    : ring;
const worldPolygons = (world.features || [world])
  .flatMap((g) => (g.geometry.type === 'MultiPolygon' ? g.geometry.coordinates : [g.geometry.coordinates]))
  .map((poly) => poly.map(unwrap))
  .filter((poly) => poly[0].some(([lon, lat]) => lon > -45 && lon < 75 && lat > 20 && lat < 82));
const box = (w, s, e, n) => [[[w, s], [e, s], [e, n], [w, n], [w, s]]];
const lonlatLand = polygonClipping.intersection(
    worldPolygons,
    box(spec.land_box?.[0] ?? -45, spec.land_box?.[1] ?? 20, spec.land_box?.[2] ?? 75, spec.land_box?.[3] ?? 82));
const tol = spec.simplify ?? 0.7;
let land = [];
for (const poly of lonlatLand) {
  const rings = poly.map((r) => simplifyRing(close(r.map(toCanvas)), tol)).filter((r) => r.length >= 4);
  if (rings.length && Math.abs(ringArea(rings[0])) >= 1.5) land.push(rings);
}
land = polygonClipping.union(land);
land = polygonClipping.intersection(land, frame);
const fills = (spec.fills || []).map((r) => [close(r.map(toCanvas))]);
const landFilled = polygonClipping.union(land, ...fills);

// ------------------------------------------------------------ areas

const vertex = (name, table, other) => {
  if (Array.isArray(name)) return name;
  const v = table[name] ?? other?.[name];
  if (!v) throw new Error(`unknown vertex ${name}`);
  return v;
};
// A ring, or a list of rings (an area in pieces), as a multipolygon.
const pieces = (ring) => (ring.length && Array.isArray(ring[0]) && typeof ring[0][0] !== 'number' ? ring : [ring]);
const coarse = (ring, table, other) =>
  pieces(ring).map((r) => [close(r.map((v) => toCanvas(vertex(v, table, other))))]);
const landVertices = spec.vertices || {};
const seaVertices = spec.sea_vertices || {};

// Land given to one area whatever the rings claim (islands): of each piece of
// land mostly inside the island rings, the part inside the area's rings. A
// ring need not thread a channel narrower than the coastline's detail (the
// mainland beside it is no island), and rings sharing an edge split an island
// (Crete).
const islandBoxes = Object.fromEntries(
    Object.entries(spec.islands || {}).map(([id, rings]) => [id, coarse(rings, landVertices, seaVertices)]));
const anyBox = polygonClipping.union([], ...Object.values(islandBoxes));
const islandPieces = landFilled.filter(
    (piece) => multiArea(polygonClipping.intersection([piece], anyBox)) > polyArea(piece) / 2);
const islandLand = {};
for (const [id, box] of Object.entries(islandBoxes))
  islandLand[id] = islandPieces.length ? polygonClipping.intersection(islandPieces, box) : [];
const allIslands = polygonClipping.union([], ...Object.values(islandLand));
const withIsland = (id, shape) => (islandLand[id] ? polygonClipping.union(shape, islandLand[id]) : shape);

const areas = {};
for (const [id, ring] of Object.entries(spec.land)) {
  const cut = ring.length ? polygonClipping.intersection(coarse(ring, landVertices, seaVertices), landFilled) : [];
  areas[id] = {sea: false, shape: withIsland(id, polygonClipping.difference(cut, allIslands))};
}
for (const [id, ring] of Object.entries(spec.sea)) {
  const cut = polygonClipping.difference(coarse(ring, seaVertices, landVertices), landFilled);
  areas[id] = {sea: true, shape: withIsland(id, polygonClipping.intersection(cut, frame))};
}

// Diagnostics: overlaps within each tiling, and sea no zone covers.
const ids = Object.keys(areas);
let problems = 0;
for (let i = 0; i < ids.length; i++) {
  for (let j = i + 1; j < ids.length; j++) {
    const a = areas[ids[i]];
    const b = areas[ids[j]];
    if (a.sea !== b.sea) continue;
    const o = multiArea(polygonClipping.intersection(a.shape, b.shape));
    if (o > 0.5) {
      problems++;
      debug.push(['#000', polygonClipping.intersection(a.shape, b.shape)]);
      console.log(`overlap ${ids[i]} ${ids[j]}: ${o.toFixed(1)}`);
    }
  }
}
const pieceReport = (what, mp, min) => {
  for (const p of mp) {
    const a = polyArea(p);
    if (a < min) continue;
    debug.push([what.startsWith('sea') ? '#f00' : '#888', [p]]);
    const [cx, cy] = p[0].reduce((s, q) => [s[0] + q[0] / p[0].length, s[1] + q[1] / p[0].length], [0, 0]);
    const [lon, lat] = toLonLat([cx, cy]);
    console.log(`${what}: area ${a.toFixed(0)} near ${lon.toFixed(2)},${lat.toFixed(2)}`);
  }
};
const seaUnion = polygonClipping.union(...ids.filter((i) => areas[i].sea).map((i) => areas[i].shape));
const landUnion = polygonClipping.union(...ids.filter((i) => !areas[i].sea).map((i) => areas[i].shape));
pieceReport('sea no zone covers', polygonClipping.difference(frame, landFilled, seaUnion), 3);
pieceReport('impassable land', polygonClipping.difference(land, landUnion, allIslands), 20);
for (const id of ids) {
  if (!areas[id].shape.length) {
    problems++;
    console.log(`empty: ${id}`);
  }
}

// ------------------------------------------------------------ label points

// A point deep inside the largest piece: the grid point farthest from its
// boundary (a coarse pole of inaccessibility).
function labelPoint(mp) {
  const piece = mp.reduce((b, p) => (polyArea(p) > polyArea(b) ? p : b), mp[0]);
  const inside = (x, y) => {
    let c = false;
    for (const r of piece) {
      for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
        const [xi, yi] = r[i];
        const [xj, yj] = r[j];
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
      }
    }
    return c;
  };
  const dist = (x, y) => {
    let best = Infinity;
    for (const r of piece) {
      for (let i = 0; i + 1 < r.length; i++) {
        const [ax, ay] = r[i];
        const [bx, by] = r[i + 1];
        const dx = bx - ax;
        const dy = by - ay;
        const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
        best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
      }
    }
    return best;
  };
  const xs = piece[0].map((p) => p[0]);
  const ys = piece[0].map((p) => p[1]);
  let [lx, hx, ly, hy] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  let best = [(lx + hx) / 2, (ly + hy) / 2];
  let bestD = -1;
  for (let round = 0; round < 3; round++) {
    const step = Math.max(hx - lx, hy - ly) / 24;
    for (let x = lx; x <= hx; x += step) {
      for (let y = ly; y <= hy; y += step) {
        if (!inside(x, y)) continue;
        const d = dist(x, y);
        if (d > bestD) {
          bestD = d;
          best = [x, y];
        }
      }
    }
    [lx, hx, ly, hy] = [best[0] - step, best[0] + step, best[1] - step, best[1] + step];
  }
  return best;
}

// ------------------------------------------------------------ output

const r1 = (v) => Math.round(v * 10) / 10;
// Whole canvas units (the board is drawn at 1:1 and zoomed from there), each
// ring's first point absolute and the rest relative: a third of the bytes of
// absolute decimals, and neighbours still share exact vertices, since both
// round the same points.
const pathData = (mp) =>
  mp.map((poly) => poly.map((ring) => {
    const pts = [];
    for (const [x, y] of ring.slice(0, -1)) {
      const p = [Math.round(x), Math.round(y)];
      const last = pts[pts.length - 1];
      if (!last || last[0] !== p[0] || last[1] !== p[1]) pts.push(p);
    }
    while (pts.length > 1 && pts[0][0] === pts[pts.length - 1][0] && pts[0][1] === pts[pts.length - 1][1]) pts.pop();
    if (pts.length < 3) return '';
    let d = `M${pts[0][0]} ${pts[0][1]}l`;
    for (let i = 1; i < pts.length; i++) {
      const dx = pts[i][0] - pts[i - 1][0];
      const dy = pts[i][1] - pts[i - 1][1];
      d += (i > 1 && dx >= 0 ? ' ' : '') + dx + (dy >= 0 ? ' ' : '') + dy;
    }
    return d + 'z';
  }).join('')).join('');

const provinces = {};
for (const id of Object.keys(areas).sort()) {
  const a = areas[id];
  const at = spec.labels?.[id] ? toCanvas(spec.labels[id]) : labelPoint(a.shape);
  provinces[id] = {outline: pathData(a.shape), label: [r1(at[0]), r1(at[1])]};
}
for (const [loc, lonlat] of Object.entries(spec.coasts || {})) {
  const [prov, coast] = loc.split('/');
  const at = toCanvas(lonlat);
  (provinces[prov].coasts ??= {})[coast] = [r1(at[0]), r1(at[1])];
}
for (const [prov, lonlat] of Object.entries(spec.cities || {})) {
  const at = toCanvas(lonlat);
  provinces[prov].city = [r1(at[0]), r1(at[1])];
}
// A drawn line (a strait, a wall) as path data: whole units, like outlines,
// so that a wall along a border lies on it.
const linePath = (pts) => {
  const p = pts.map((v) => toCanvas(vertex(v, landVertices, seaVertices)).map(Math.round));
  return `M${p[0][0]} ${p[0][1]}` + p.slice(1).map((q) => `L${q[0]} ${q[1]}`).join('');
};
const links = (list) =>
  (list || []).map((l) => (Array.isArray(l) ? l : {between: l.between, kind: l.kind, path: linePath(l.line)}));
const out = {
  _comment: spec.output_comment,
  canvas: {width, height},
  land: pathData(land),
  straits: links(spec.straits),
  ...(spec.borders ? {borders: links(spec.borders)} : {}),
  provinces,
};
writeFileSync(outPath, JSON.stringify(out, null, 0).replace(/,"(?=[a-z_]+":\{"outline)/g, ',\n"') + '\n');
if (process.env.DEBUG_SVG) {
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#fff"/>`;
  let n = 0;
  for (const id of Object.keys(areas).sort()) {
    const hue = (n++ * 137) % 360;
    svg += `<path d="${pathData(areas[id].shape)}" fill="hsl(${hue},${areas[id].sea ? 60 : 45}%,${areas[id].sea ? 75 : 60}%)" stroke="#333" stroke-width="0.5"/>`;
  }
  for (const [c, mp] of debug) svg += `<path d="${pathData(mp)}" fill="${c}"/>`;
  for (const id of Object.keys(provinces)) svg += `<text x="${provinces[id].label[0]}" y="${provinces[id].label[1]}" font-size="12" text-anchor="middle">${id}</text>`;
  writeFileSync(process.env.DEBUG_SVG, svg + '</svg>');
}
console.log(`${outPath}: ${width} x ${height}, ${Object.keys(provinces).length} areas, ${problems} problems`);
