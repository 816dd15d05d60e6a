"""A Trac environment (tickets, wiki, milestones, components) seeded for the corpus."""
