"""A shop's back office on Flask-Admin 2 (Flask-SQLAlchemy, sqlite): customers, orders, products, categories, tags."""
