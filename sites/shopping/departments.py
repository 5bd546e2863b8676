"""The store's category tree (department > sub-category > leaf) and what each leaf sells.

Each leaf line is `Leaf name: kind, kind, ...` (imagery kinds); a leading `*` marks apparel (Size and Color
options) and a leading `^` shoes (Size and Color options, shoe sizes). The tree is the same at every scale;
only the number of products changes.
"""

from __future__ import annotations

import re

TREE: dict[str, dict[str, list[str]]] = {
    "Beauty & Personal Care": {
        "Oral Care": [
            "Toothbrushes: toothbrush",
            "Toothpaste: lotion bottle",
            "Travel Kits: toothbrush, soap",
            "Mouth Care Sets: toothbrush, lotion bottle",
        ],
        "Skin Care": [
            "Body Lotions: lotion bottle",
            "Face Moisturizers: lotion bottle, jar",
            "Cleansers: soap, sponge",
            "Sun Care: lotion bottle",
        ],
        "Makeup": ["Lips: lipstick", "Nails: nail polish", "Makeup Mirrors: mirror", "Makeup Sets: lipstick, mirror"],
        "Bath & Body": [
            "Bar Soaps: soap",
            "Bath Sponges: sponge",
            "Body Washes: lotion bottle",
            "Bath Sets: soap, sponge",
        ],
        "Shave & Hair Removal": ["Razors: razor", "Shaving Creams: lotion bottle", "Grooming Kits: razor, mirror"],
    },
    "Sports & Outdoors": {
        "Team Sports": [
            "Soccer: soccer ball",
            "Basketball: basketball",
            "Football: american football",
            "Volleyball: volleyball",
        ],
        "Racquet Sports": ["Tennis: tennis racket", "Racquet Accessories: tennis racket, socks"],
        "Outdoor Recreation": [
            "Camping Lights: flashlight, oil lamp",
            "Kites & Flying Toys: kite, frisbee",
            "Skateboarding: skateboard",
            "Skating: roller skate, ice skate",
            "Cycling: bicycle, kick scooter",
        ],
        "Fitness": [
            "Boxing: boxing glove",
            "Fitness Apparel: *shorts, *t-shirt",
            "Water Bottles: cup with straw",
            "Gym Bags: backpack",
        ],
        "Fan Shop": ["Caps: cap", "Fan Tees: *t-shirt", "Fan Accessories: flag, balloon"],
        "Water Sports": ["Canoes & Kayaks: canoe", "Life Rings: life ring", "Boat Anchors: anchor"],
    },
    "Clothing, Shoes & Jewelry": {
        "Women": [
            "Tops & Tees: *blouse, *t-shirt",
            "Dresses: *dress",
            "Swimsuits: *swimsuit",
            "Coats & Jackets: *coat",
            "Shorts: *shorts",
            "Socks & Hosiery: *socks",
            "Shoes: ^high heel, ^sandal, ^flat shoe, ^boot",
            "Handbags: handbag, coin purse",
            "Jewelry: ring, bead necklace, gemstone",
        ],
        "Men": [
            "Shirts: *dress shirt, *t-shirt",
            "Jeans: *jeans",
            "Jackets & Coats: *coat",
            "Shorts: *shorts",
            "Socks: *socks",
            "Shoes: ^dress shoe, ^sneaker, ^hiking boot",
            "Accessories: cap, gloves, scarf",
            "Watches: wristwatch",
        ],
        "Girls": [
            "Dresses: *dress",
            "Tops: *t-shirt, *blouse",
            "Shoes: ^flat shoe, ^sneaker",
            "Accessories: cap, gloves",
        ],
        "Boys": ["Tops: *t-shirt", "Jeans: *jeans", "Shoes: ^sneaker, ^hiking boot", "Accessories: cap, socks"],
        "Luggage & Travel Gear": [
            "Suitcases: suitcase",
            "Backpacks: backpack",
            "Briefcases: briefcase",
            "Travel Accessories: coin purse, sunglasses",
        ],
        "Sleep & Lounge": ["Robes: *kimono robe", "Slippers: ^flip flop, ^flat shoe", "Scarves: scarf"],
        "Baby": [
            "Baby Tops: *t-shirt",
            "Baby Socks: *socks",
            "Baby Shoes: ^flat shoe",
            "Baby Gifts: teddy bear, toy duck",
        ],
        "Novelty & More": [
            "Novelty Tees: *t-shirt",
            "Novelty Caps: cap",
            "Costume Accessories: tiara, sunglasses",
            "Novelty Socks: *socks",
        ],
    },
    "Home & Kitchen": {
        "Kitchen & Dining": [
            "Cookware: frying pan, kettle",
            "Dinnerware: plate setting, bowl",
            "Flatware: spoon, chopsticks",
            "Cutlery & Knives: kitchen knife",
            "Mugs: mug",
            "Travel Cups: cup with straw",
            "Storage Jars: jar",
            "Salt & Pepper: salt shaker",
        ],
        "Home Decor": [
            "Candles: candle",
            "Vases: vase",
            "Artificial Plants: potted plant, cactus, bouquet",
            "Clocks: alarm clock, mantel clock",
            "Wall Art: framed picture",
            "Mirrors: mirror",
        ],
        "Furniture": [
            "Living Room Furniture: couch, chair",
            "Bedroom Furniture: bed",
            "Home Office Furniture: chair, file cabinet",
            "Doors & Windows: door, window frame",
        ],
        "Bath": [
            "Bath Accessories: soap, sponge",
            "Laundry: laundry basket, bucket",
            "Bathroom Fixtures: bathtub, toilet",
        ],
        "Storage & Organization": ["Baskets: laundry basket", "Boxes: shipping box", "Jars & Canisters: jar"],
        "Kids' Home Store": ["Baby Feeding: baby bottle, bowl", "Kids' Decor: balloon, teddy bear"],
        "Seasonal Decor": [
            "Party Decor: balloon, pinata",
            "Holiday Candles: candle, oil lamp",
            "Garlands & Flags: flag",
        ],
    },
    "Office Products": {
        "Office & School Supplies": [
            "Pencils: pencil",
            "Pens: ballpoint pen, fountain pen",
            "Paper Clips: paperclip",
            "Push Pins: pushpin",
            "Rulers: ruler",
            "Scissors: scissors",
            "Notebooks: notebook, ledger",
            "Crayons: crayon",
        ],
        "Filing Products": ["File Folders: file folder", "Clipboards: clipboard", "Filing Cabinets: file cabinet"],
        "Calendars & Planners": ["Desk Calendars: calendar", "Planners: ledger, notebook"],
        "Mailing Supplies": ["Envelopes: envelope", "Shipping Boxes: shipping box"],
        "Office Electronics": ["Printers: printer", "Keyboards: computer keyboard", "Mice: computer mouse"],
        "Office Furniture": ["Office Chairs: chair", "Office Cabinets: file cabinet"],
    },
    "Tools & Home Improvement": {
        "Hand Tools": [
            "Hammers: hammer",
            "Wrenches: wrench",
            "Screwdrivers: screwdriver",
            "Saws: handsaw",
            "Axes & Picks: axe, pickaxe",
        ],
        "Tool Storage": ["Toolboxes: toolbox", "Ladders: ladder"],
        "Lighting": ["Light Bulbs: light bulb", "Flashlights: flashlight", "Emergency Lights: beacon light"],
        "Safety & Security": ["Fire Extinguishers: fire extinguisher", "Keys & Locks: skeleton key"],
        "Hardware": ["Gears: gear", "Batteries: car battery"],
    },
    "Health & Household": {
        "Vitamins & Supplements": [
            "Multivitamins: pill bottle",
            "Herbal Supplements: pill bottle, jar",
            "Sports Nutrition: pill bottle, cup with straw",
        ],
        "Medical Supplies": ["First Aid: bandage", "Diagnostic Tools: stethoscope", "Health Monitors: wristwatch"],
        "Household Supplies": ["Cleaning Sponges: sponge", "Buckets: bucket", "Laundry Baskets: laundry basket"],
        "Baby & Child Care": ["Baby Bottles: baby bottle", "Baby Toys: teddy bear, toy duck"],
    },
    "Patio, Lawn & Garden": {
        "Gardening": ["Planters: potted plant", "Succulents: cactus", "Garden Tools: axe, bucket"],
        "Outdoor Decor": ["Outdoor Lighting: oil lamp, candle", "Flags: flag", "Outdoor Clocks: mantel clock"],
        "Pool & Beach": ["Beach Toys: volleyball, frisbee", "Pool Safety: life ring", "Beach Sandals: ^flip flop"],
    },
    "Electronics": {
        "Television & Video": ["Televisions: television", "Projectors: film projector", "Camcorders: camcorder"],
        "Camera & Photo": ["Digital Cameras: camera", "Video Cameras: camcorder"],
        "Headphones": ["Over-Ear Headphones: headphones", "Microphones: microphone"],
        "Computers & Accessories": [
            "Laptops: laptop",
            "Desktops: desktop computer",
            "Keyboards: computer keyboard",
            "Mice: computer mouse",
            "Data Storage: floppy disk, cd",
        ],
        "Portable Audio": ["Radios: vintage radio", "Portable Speakers: vintage radio"],
        "Wearable Technology": ["Smartwatches: wristwatch", "VR Headsets: vr headset"],
        "Car Electronics": ["Car Batteries: car battery", "Warning Lights: beacon light"],
    },
    "Cell Phones & Accessories": {
        "Cell Phones": ["Smartphones: smartphone", "Basic Phones: phone handset, rotary phone"],
        "Accessories": ["Chargers & Power Adapters: phone charger", "Pagers: pager", "Phone Bags: coin purse"],
    },
    "Video Games": {
        "Accessories": ["Controllers: game controller", "Joysticks: joystick", "Trackballs: trackball"],
        "Games": ["Game Discs: game disc", "Collectibles: arcade plush, toy robot"],
        "Virtual Reality": ["VR Headsets: vr headset"],
    },
    "Grocery & Gourmet Food": {
        "Snacks & Sweets": [
            "Chocolate: chocolate bar",
            "Hard Candy: candy",
            "Lollipops: lollipop",
            "Cookies: cookie",
            "Popcorn: popcorn",
            "Pretzels: pretzel",
            "Nuts: peanuts",
            "Donuts & Pastries: doughnut, cupcake",
        ],
        "Beverages": ["Juices: juice box", "Milk & Cream: milk glass", "Tea: tea cup", "Coffee: mug"],
        "Pantry Staples": [
            "Canned Soups: canned food",
            "Canned Vegetables: canned food",
            "Honey: honey pot",
            "Jams & Spreads: jar, honey pot",
            "Breads: bread loaf",
        ],
        "Dairy & Cheese": ["Cheese: cheese wedge", "Milk: milk glass"],
        "Breakfast Foods": ["Toaster Pastries: doughnut", "Breakfast Breads: bread loaf", "Muffins: cupcake"],
    },
    "Toys & Games": {
        "Stuffed Animals": ["Teddy Bears: teddy bear", "Bath Toys: toy duck"],
        "Games & Puzzles": ["Dice: dice", "Puzzles: puzzle piece"],
        "Party Supplies": ["Balloons: balloon", "Pinatas: pinata", "Magic Kits: magic wand"],
        "Classic Toys": ["Yo-Yos: yo-yo", "Nesting Dolls: nesting doll", "Robots: toy robot", "Kites: kite"],
        "Arts & Crafts": ["Paints: paint palette, paintbrush", "Yarn: yarn", "Thread: thread spool"],
        "Ride-On Toys": ["Kick Scooters: kick scooter", "Kids' Bikes: bicycle", "Skateboards: skateboard"],
    },
}

APPAREL_SIZES = ("XS", "S", "M", "L", "XL")
SHOE_SIZES = ("6", "7", "8", "9", "10", "11")


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("&", "").replace("'", "")).strip("-")


def parse_leaf(line: str) -> tuple[str, list[tuple[str, str]]]:
    """'Shoes: ^sneaker, ^boot' -> ('Shoes', [('sneaker', 'shoe'), ('boot', 'shoe')]); option kind is
    'apparel', 'shoe' or ''."""
    name, _, kinds = line.partition(":")
    out = []
    for raw in kinds.split(","):
        raw = raw.strip()
        mode = {"*": "apparel", "^": "shoe"}.get(raw[:1], "")
        out.append((raw.lstrip("*^"), mode))
    return name.strip(), out
