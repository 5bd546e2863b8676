"""`python -m tasks.build --check`: a committed suite checks clean, an unknown suite is refused."""

from __future__ import annotations

import pytest


# on the worker of the multi-site suite's own tests (make test: --dist loadgroup), whose build has drawn the
# suite's pictures already (drawn once per process): the CLI's build then costs what a second build costs
@pytest.mark.xdist_group("suite-multisite")
def test_the_cli_checks_the_multisite_suite():
    from tasks.build.__main__ import main

    assert main(["--check", "multisite"]) == 0
    with pytest.raises(SystemExit) as stop:
        main(["--check", "nowhere"])
    assert stop.value.code == 2
