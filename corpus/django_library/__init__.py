"""A tiny "library" project shown through django.contrib.admin (the app under test is Django's admin)."""
