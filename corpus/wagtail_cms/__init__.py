"""A Wagtail site with a news section: the app under test is Wagtail's admin (drafts, publishing, deletion)."""
