"""Validate SARIF against the 2.1.0 schema shipped in Microsoft's SARIF
multitool package (npm), with Debian's python3-jsonschema."""
import json
import pathlib
import subprocess

from conftest import NPM_TEST_PACKAGES, ROOT

SCHEMA = ROOT / "node_modules" / "@microsoft" / "sarif-multitool-linux" / "sarif-2.1.0.json"


def schema_path():
    if not SCHEMA.exists():
        subprocess.run(["npm", "install", "--prefix", str(ROOT), "--no-save", "--no-audit", "--no-fund", *NPM_TEST_PACKAGES],
                       cwd=ROOT, check=True,
                       capture_output=True, timeout=900)
    return SCHEMA


def validation_errors(sarif_path):
    import jsonschema
    schema = json.loads(pathlib.Path(schema_path()).read_text())
    validator = jsonschema.validators.validator_for(schema)(schema)
    doc = json.loads(pathlib.Path(sarif_path).read_text())
    return ["%s: %s" % ("/".join(map(str, e.absolute_path)), e.message) for e in validator.iter_errors(doc)]
