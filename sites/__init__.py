"""The sites: embedded web apps (classifieds, homepage, ...) and the arena that starts, checks and resets them."""
