#!/usr/bin/env python3
# Worst-case survey backups for `clearway export` (issue 11's before/after table), written with
# Python's zipfile so they take seconds: python3 scripts/hostile-inputs.py DIR, then e.g.
#   /usr/bin/time -f '%e s %M KB' clearway export DIR/flood.zip --format csv -o out.csv
# flood: 100 MB of `{}` records; nested: one record with 2 M small objects in an unknown field;
# dupmedia: a 100 KB medium listed 10,000 times; entries: 1 M empty entries; truncated: a
# backup cut in half; lat500: a measurement at latitude 500. crates/cli/tests/hostile.rs runs
# smaller versions of each under a 64 MiB address-space limit.
import json, random, zipfile, sys, os
d = sys.argv[1]
rnd = random.Random(1)
MANIFEST = {"format": "clearway-survey-backup", "version": 1, "createdBy": "t", "created": "",
            "surveyId": "s", "counts": {"measurements": 0, "routes": 0, "traces": 0, "alerts": 0, "media": 0}, "media": []}
def backup(name, entries, media=()):
    m = dict(MANIFEST); m["media"] = list(media)
    with zipfile.ZipFile(f"{d}/{name}", "w", zipfile.ZIP_DEFLATED) as z:
        base = {"survey.json": b"{}", "measurements.json": b"[]", "routes.json": b"[]", "traces.json": b"[]", "alerts.json": b"[]"}
        base.update(entries)
        for n, b in base.items():
            z.writestr(n, b, compress_type=zipfile.ZIP_STORED if n.startswith("media/") else zipfile.ZIP_DEFLATED)
        z.writestr("clearway-backup.json", json.dumps(m))
def spaced(item, n):
    return ("[" + ",".join(item + " " * rnd.randrange(8) for _ in range(n)) + "]").encode()
backup("flood.zip", {"measurements.json": spaced("{}", 20_000_000)})
objs = spaced('{"a":0}', 2_000_000).decode()
backup("nested.zip", {"measurements.json": ('[{"id":"m","x":' + objs + '}]').encode()})
medium = bytes(rnd.randrange(256) for _ in range(100_000))
entry = {"path": "media/a.jpg", "measurementId": "m", "kind": "image", "bytes": len(medium)}
backup("dupmedia.zip", {"measurements.json": b'[{"id":"m"}]', "media/a.jpg": medium}, [entry] * 10_000)
with zipfile.ZipFile(f"{d}/entries.zip", "w", zipfile.ZIP_STORED) as z:
    for i in range(1_000_000):
        z.writestr(str(i), b"")
backup("ok.zip", {})
b = open(f"{d}/ok.zip", "rb").read(); open(f"{d}/truncated.zip", "wb").write(b[: len(b) // 2])
backup("lat500.zip", {"measurements.json": b'[{"id":"m1","latitude":45,"longitude":1},{"id":"m2","latitude":500,"longitude":1}]'})
for f in sorted(os.listdir(d)):
    print(f, os.path.getsize(f"{d}/{f}"))
