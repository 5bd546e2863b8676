"""Round-3 official shopping kinds on the account:

- 77: set the address of one side of the account dashboard (left: billing, right: shipping) and the phone.
"""

from __future__ import annotations

from ..evals import click, html_eval, stop, target, type_in
from .base import SITE, Suite

SIDES = (("left", "billing"), ("right", "shipping"))
PLACES = (
    ("5210 Lakeshore Dr", "Madison", "Wisconsin", "53705", "6085550147"),
    ("36 Orchard Hill Rd", "Burlington", "Vermont", "05401", "8025550193"),
)


def set_side_address(s: Suite) -> None:
    """Official 77: the address of one side of the account dashboard (left: default billing, right: default
    shipping) and the phone number."""
    template = (
        "Can you set the {side} side address on my account page to {street}, {city}, {region} {postcode}? "
        "My phone number is now {phone}."
    )
    for (side, box), (street, city, region, postcode, phone) in zip(SIDES, PLACES, strict=False):
        args = {"side": side, "street": street, "city": city, "region": region, "postcode": postcode, "phone": phone}
        steps = [
            click(f".box-address-{box} a.action.edit"),
            type_in("input[name=street]", street),
            type_in("input[name=city]", city),
            type_in("input[name=region]", region),
            type_in("input[name=postcode]", postcode),
            type_in("input[name=telephone]", phone),
            click("button.action.save"),
            stop(""),
        ]
        ev = html_eval(
            [
                target(
                    f"{SITE}/customer/account/",
                    f"document.querySelector('.box-address-{box}').innerText",
                    must_include=[street, city, postcode, phone],
                )
            ]
        )
        s.mirror(
            77,
            template,
            args,
            start_url=f"{SITE}/customer/account/",
            eval_=ev,
            solution=steps,
            require_reset=True,
            comments=f"the {side} box of the dashboard is the default {box} address",
        )


TEMPLATES = [set_side_address]
