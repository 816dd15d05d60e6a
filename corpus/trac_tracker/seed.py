"""Build the Trac environment: tickets, wiki pages, milestones and components (deterministic).

Run as ``python -m corpus.trac_tracker.seed ENV_DIR`` (corpus.apps does this once and caches the result).
Trac logs in through HTTP authentication, which a page cannot drive, so the corpus grants TRAC_ADMIN to
anonymous: every panel is reachable without a login.
"""

from __future__ import annotations

import sys
import warnings

COMPONENTS = ["backend", "frontend", "docs", "packaging", "search", "accounts"]
MILESTONES = [f"release-{n}.0" for n in range(1, 9)]
WIKI_PAGES = {
    "ReleaseChecklist": "= Release checklist =\n * tag the release\n * upload the packages\n",
    "OnboardingGuide": "= Onboarding =\nRead the CodingStyle page first.\n",
    "CodingStyle": "= Coding style =\nFour spaces, no tabs.\n",
    "MeetingNotes": "= Meeting notes =\nNothing decided yet.\n",
    "ObsoleteDesign": "= Obsolete design =\nKept for history only.\n",
}
SUMMARIES = ["Crash when saving an empty form", "Search ignores accents", "Login page too slow",
             "Typo in the installation guide", "Export to CSV drops the last row", "Timezone shown as UTC",
             "Upload fails over 10 MB", "Sort by date is reversed", "Broken link in the footer",
             "Password reset mail never arrives"]


def seed(path: str) -> None:
    from trac.env import Environment
    from trac.perm import PermissionSystem
    from trac.ticket.model import Component, Milestone, Ticket
    from trac.wiki.model import WikiPage

    env = Environment(path, create=True, options=[
        ("project", "name", "Corpus Tracker"), ("trac", "database", "sqlite:db/trac.db"),
        ("components", "tracopt.ticket.deleter.*", "enabled"), ("logging", "log_type", "none"),
    ])
    PermissionSystem(env).grant_permission("anonymous", "TRAC_ADMIN")
    for name in COMPONENTS:
        component = Component(env)
        component.name, component.owner = name, "admin"
        component.insert()
    for name in MILESTONES:
        milestone = Milestone(env)
        milestone.name = name
        milestone.insert()
    for i in range(60):
        ticket = Ticket(env)
        ticket["summary"] = f"{SUMMARIES[i % len(SUMMARIES)]} (#{i + 1})"
        ticket["description"] = f"Steps to reproduce for case {i + 1}."
        ticket["reporter"], ticket["owner"] = "maria", "admin"
        ticket["type"] = ["defect", "enhancement", "task"][i % 3]
        ticket["priority"] = ["major", "minor", "critical"][i % 3]
        ticket["component"] = COMPONENTS[i % len(COMPONENTS)]
        ticket["milestone"] = MILESTONES[i % len(MILESTONES)]
        ticket["status"] = "new"
        ticket.insert()
    for name, text in WIKI_PAGES.items():
        page = WikiPage(env, name)
        page.text = text
        page.save("maria", "first version")
    env.shutdown()


def main() -> None:
    warnings.simplefilter("ignore")
    seed(sys.argv[1])


if __name__ == "__main__":
    main()
