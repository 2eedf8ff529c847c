# label: ok
# flax-error: none
# class: 1 MembraneTrain.__call__ owns the permeability parameter and runs the scan; the per-stage flux leaves as its ys
"""Reverse-osmosis membrane train: per-stage permeate flux for the fouling dashboard."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class MembraneTrain(nn.Module):
    channels: int = 4

    @nn.compact
    def __call__(self, feed_stages):
        permeability = self.param(
            "permeability", nn.initializers.lecun_normal(), (self.channels, self.channels)
        )
        rejection = self.param("rejection", nn.initializers.constant(0.9), (self.channels,))

        def stage(brine, feed):
            flux = jnp.tanh((feed + brine) @ permeability)
            return brine * rejection + 0.05 * flux, flux

        _, fluxes = lax.scan(stage, jnp.zeros((self.channels,)), feed_stages)
        self.sow("intermediates", "flux", fluxes)
        return fluxes.sum(axis=-1)


@dataclass
class FoulingDashboard:
    model: MembraneTrain
    variables: dict
    history: list = field(default_factory=list)

    def record(self, feed_stages):
        permeate, captured = self.model.apply(
            self.variables, feed_stages, mutable=["intermediates"]
        )
        (flux,) = captured["intermediates"]["flux"]
        self.history.append(float(jnp.std(flux)))
        return permeate, flux


def seawater_feed(stages: int, channels: int):
    salinity = jnp.linspace(35.0, 42.0, stages)[:, None]
    return jnp.broadcast_to(salinity / 40.0, (stages, channels))


def main():
    model = MembraneTrain(channels=4)
    feed = seawater_feed(6, 4)
    variables = model.init(jax.random.key(0), feed)
    board = FoulingDashboard(model, variables)
    permeate, flux = board.record(feed)
    jax.block_until_ready((permeate, flux))
    return None
