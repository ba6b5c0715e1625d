"""What `pip install .` puts outside the repository: the wheel carries the prompts and the web page,
and an installed kb finds its page there (not in a checkout it no longer has)."""

from __future__ import annotations

import subprocess
import sys
import zipfile

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow  # builds a wheel in a subprocess


def test_the_wheel_carries_the_page_and_the_prompts_and_an_installed_kb_serves_from_them(tmp_path):
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
                            "-w", str(tmp_path / "dist"), "-q"], capture_output=True, text=True, cwd=tmp_path)
    assert build.returncode == 0, build.stderr
    [wheel] = (tmp_path / "dist").glob("kb-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"kb/web/templates/index.html", "kb/web/static/app.js", "kb/web/static/app.css"} <= names
    assert "kb/answer/prompts/system.en.j2" in names and "kb/api/app.py" in names and "ingest/pipeline.py" in names

    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)  # what pip installs, without the checkout beside it
    found = subprocess.run([sys.executable, "-c", "from kb.api.web import web_folder; print(web_folder())"],
                           capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(site), "PATH": ""})
    assert found.returncode == 0, found.stderr
    assert found.stdout.strip() == str(site / "kb" / "web")

    (site / "kb" / "web" / "templates" / "index.html").unlink()  # an install without the page fails loudly
    missing = subprocess.run([sys.executable, "-c", "from kb.api.web import web_folder; web_folder()"],
                             capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(site), "PATH": ""})
    assert missing.returncode != 0 and "the web page's files are missing" in missing.stderr
