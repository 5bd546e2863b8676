"""Word lists the shopping generator draws from: brands, adjectives, materials, review texts, names.

None of these words names a colour, a pattern or a count: those are what the photos show, and the
product text leaves them out (the task generator's grounding lint checks it).
"""
from __future__ import annotations

BRANDS = ["Brightwell", "Northmoor", "Kestrel & Co", "Arbor Lane", "Tidewell", "Halcyon", "Maplecrest", "Everkind",
          "Stonefield", "Juniper Row", "Lumina", "Harborview", "Quillon", "Fernhill", "Copperleaf", "Vantor",
          "Wrenford", "Oakhaven", "Solace", "Brisk & Bloom", "Cobaltine", "Meadowlark", "Trailhead", "Pioneer Works",
          "Bellamy", "Crescent Home", "Zephyra", "Nordic Nest", "Ridgeway", "Saffronia", "Kindred", "Atlas Goods",
          "Pebblestone", "Wildgrove", "Sunbeam Pantry", "Mosaic", "Hearthside", "Elmstead", "Tandem", "Pacifica"]
ADJECTIVES = ["Classic", "Premium", "Lightweight", "Durable", "Compact", "Deluxe", "Everyday", "Soft", "Portable",
              "Ergonomic", "Heavy Duty", "Modern", "Vintage Style", "Eco-Friendly", "Professional", "Travel",
              "Family Size", "Handcrafted", "Organic", "Ultra", "Essential", "Comfort"]
TAILS = ["", "", "", " for Everyday Use", " - Gift Idea", ", Easy to Clean", " with Storage Pouch", ", Value Pack",
         " for Home and Office", " (Original Edition)", ", Travel Size", " for Adults and Kids", ", Set"]
AUDIENCE = {"Women": "Women's", "Men": "Men's", "Girls": "Girls'", "Boys": "Boys'", "Baby": "Baby"}
MATERIALS = {
    "Beauty & Personal Care": ["plant-based formula", "natural oils", "BPA-free plastic", "aloe extract"],
    "Sports & Outdoors": ["synthetic leather", "rubber", "nylon", "aluminum alloy", "polyester mesh"],
    "Clothing, Shoes & Jewelry": ["cotton blend", "organic cotton", "polyester", "genuine leather", "merino wool",
                                  "sterling silver", "linen"],
    "Home & Kitchen": ["stainless steel", "ceramic", "tempered glass", "bamboo", "cast iron", "solid wood"],
    "Office Products": ["recycled paper", "stainless steel", "ABS plastic", "cardstock", "aluminum"],
    "Tools & Home Improvement": ["hardened steel", "fiberglass", "chrome vanadium", "aluminum", "hickory"],
    "Health & Household": ["gelatin capsules", "cotton", "medical-grade silicone", "cellulose"],
    "Patio, Lawn & Garden": ["weatherproof resin", "terracotta", "polyester", "galvanized steel"],
    "Electronics": ["aluminum housing", "ABS plastic", "tempered glass", "magnesium alloy"],
    "Cell Phones & Accessories": ["polycarbonate", "aluminum", "silicone", "tempered glass"],
    "Video Games": ["ABS plastic", "rubberized grip", "plush fabric"],
    "Grocery & Gourmet Food": ["non-GMO ingredients", "whole grains", "real cane sugar", "roasted nuts",
                               "natural flavors"],
    "Toys & Games": ["plush fabric", "non-toxic plastic", "wood", "cotton"],
}
FEATURES = ["Designed to last through years of daily use.", "Easy to clean and simple to store.",
            "A thoughtful gift for birthdays and holidays.", "Backed by a one-year satisfaction guarantee.",
            "Tested for quality before it leaves our facility.", "Fits neatly in a drawer, bag or cupboard.",
            "Made to the same standard we use for our own homes.", "Ships in recyclable packaging.",
            "Customers return to it again and again.", "Sized right for everyday needs."]
OPENERS = ["Meet the {name}.", "The {noun} you have been looking for.", "Upgrade your routine with this {noun}.",
           "A dependable {noun} from {brand}.", "{brand} brings you a {noun} built for real life."]
MATERIAL_LINES = ["Made with {material}.", "Crafted from {material} for a solid feel.",
                  "Its {material} construction keeps it reliable.", "Features {material} throughout."]
PRINTED_WORDS = ["YUMMY", "FRESH", "HELLO", "ZEST", "SNAP", "ORIGINAL", "NO. 5", "BOLD", "SUNNY", "KIWI",
                 "MAMBO", "1999", "ROCKET", "TURBO", "CLOUD", "PIXEL", "LUCKY", "SPARK", "MOJO", "DELUXE XL",
                 "GO GO", "BRAVO", "MINT", "EPIC", "WOW", "HAPPY", "OASIS", "RIO", "SALSA", "POP"]
REVIEW_TITLES = {
    5: ["Love it!", "Exactly what I needed", "Five stars", "Excellent quality", "Would buy again", "Perfect"],
    4: ["Very good", "Pretty happy with it", "Good value", "Works well", "Nice product"],
    3: ["It's okay", "Average", "Decent for the price", "Mixed feelings"],
    2: ["Not great", "Disappointed", "Could be better"],
    1: ["Do not buy", "Broke quickly", "Waste of money", "Terrible"],
}
REVIEW_BODIES = {
    5: ["This {noun} exceeded my expectations. Great quality and fast shipping.",
        "I bought this {noun} for my family and everyone loves it. Highly recommend.",
        "Exactly as described. The {noun} feels well made and works perfectly.",
        "Second time ordering this {noun}. Still the best I have found."],
    4: ["Good {noun} overall. Took a day to get used to it but I am happy.",
        "Solid {noun} for the money. Packaging could be better.",
        "Works as expected. Would give five stars if it were a little cheaper."],
    3: ["The {noun} is fine, nothing special. It does the job.",
        "Quality is average. Arrived on time though.",
        "Some things I like about this {noun}, some I don't."],
    2: ["The {noun} looked nicer online. Not sure I would order again.",
        "It works, barely. Expected more for the price."],
    1: ["The {noun} stopped working after a week. Returning it.",
        "Arrived damaged and customer service was slow to respond."],
}
FIRST_NAMES = ["Olivia", "Liam", "Ava", "Noah", "Sophia", "Mason", "Isabella", "Lucas", "Mia", "Ethan", "Harper",
               "James", "Amelia", "Benjamin", "Evelyn", "Henry", "Abigail", "Daniel", "Ella", "Samuel", "Grace",
               "David", "Chloe", "Joseph", "Lily", "Carter", "Zoe", "Owen", "Nora", "Wyatt", "Hannah", "Julian"]
LAST_NAMES = ["Smith", "Johnson", "Nguyen", "Garcia", "Brown", "Patel", "Kim", "Martinez", "Davis", "Wilson",
              "Anderson", "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "Clark", "Walker", "Young",
              "Hall", "Allen", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill", "Campbell"]
STREETS = ["Maple Ave", "Oak St", "Pine Rd", "Cedar Ln", "Elm St", "Lakeview Dr", "Hillcrest Rd", "Park Blvd",
           "Sunset Ave", "River Rd", "Washington St", "Main St", "Highland Ave", "Forest Dr"]
CITIES = [("Austin", "Texas", "787"), ("Denver", "Colorado", "802"), ("Portland", "Oregon", "972"),
          ("Columbus", "Ohio", "432"), ("Raleigh", "North Carolina", "276"), ("Madison", "Wisconsin", "537"),
          ("Tucson", "Arizona", "857"), ("Boise", "Idaho", "837"), ("Albany", "New York", "122"),
          ("Tampa", "Florida", "336"), ("Seattle", "Washington", "981"), ("Reno", "Nevada", "895")]
