#!/usr/bin/env python3
# Splits `osmium export -f geojsonseq` output (OSM roads and buildings) into the layers of
# the Protomaps basemap schema that the app's offline style draws: `roads` (with `kind`,
# `kind_detail`, `name`, `is_bridge`/`is_tunnel`/`is_link`) and `buildings` (`kind`:
# building). Used by scripts/ensure-tools.sh tiles to build the e2e tests' Monaco basemap.
# Usage: protomaps-layers.py INPUT.geojsonseq OUTDIR  → OUTDIR/roads.geojsonl, buildings.geojsonl
import json
import sys

HIGHWAY = {'motorway', 'trunk'}
MAJOR = {'primary', 'secondary', 'tertiary'}
MINOR = {'residential', 'unclassified', 'service', 'living_street', 'road'}
PATH = {'footway', 'path', 'cycleway', 'steps', 'pedestrian', 'track', 'bridleway', 'corridor'}


def road_kind(highway):
    base = highway[:-5] if highway.endswith('_link') else highway
    if base in HIGHWAY:
        return 'highway'
    if base in MAJOR:
        return 'major_road'
    if base in MINOR:
        return 'minor_road'
    if base in PATH:
        return 'path'
    return 'other'


def main(src, out):
    counts = {'roads': 0, 'buildings': 0}
    with open(src, encoding='utf-8') as lines, open(f'{out}/roads.geojsonl', 'w', encoding='utf-8') as roads, open(
        f'{out}/buildings.geojsonl', 'w', encoding='utf-8'
    ) as buildings:
        for line in lines:
            line = line.strip().lstrip('\x1e')
            if not line:
                continue
            feature = json.loads(line)
            tags = feature.get('properties') or {}
            geometry = feature.get('geometry') or {}
            kind = geometry.get('type')
            if 'highway' in tags and kind in ('LineString', 'MultiLineString'):
                props = {'kind': road_kind(tags['highway']), 'kind_detail': tags['highway']}
                if tags.get('name'):
                    props['name'] = tags['name']
                if tags.get('bridge') not in (None, 'no'):
                    props['is_bridge'] = True
                if tags.get('tunnel') not in (None, 'no'):
                    props['is_tunnel'] = True
                if tags['highway'].endswith('_link'):
                    props['is_link'] = True
                roads.write(json.dumps({'type': 'Feature', 'geometry': geometry, 'properties': props}) + '\n')
                counts['roads'] += 1
            elif 'building' in tags and kind in ('Polygon', 'MultiPolygon'):
                buildings.write(json.dumps({'type': 'Feature', 'geometry': geometry, 'properties': {'kind': 'building'}}) + '\n')
                counts['buildings'] += 1
    print(json.dumps(counts))


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
