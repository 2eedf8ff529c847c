# label: ok
# flax-error: none
# class: 2 simulate_spread() splits its model parameter into local graphdef and state; the state travels in the scan carry and the body merges it each season
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class RhizomeSpread(nnx.Module):
    """Clonal spread of cordgrass into neighbouring mudflat cells."""

    def __init__(self, cells: int, establishment: float, *, rngs: nnx.Rngs):
        self.reach = nnx.Linear(cells, cells, rngs=rngs)
        self.establish = nnx.Dropout(rate=1.0 - establishment, rngs=rngs)

    def __call__(self, front):
        return self.establish(jax.nn.softplus(self.reach(front)))


def simulate_spread(model: RhizomeSpread, front, seasons: int):
    graphdef, state = nnx.split(model)

    def season(carry, front):
        state, total = carry
        grass = nnx.merge(graphdef, state)
        colonised = grass(front)
        return (nnx.state(grass), total + colonised.sum()), colonised

    fronts = jnp.broadcast_to(front, (seasons,) + front.shape)
    (state, _), colonised = lax.scan(season, (state, jnp.float32(0.0)), fronts)
    nnx.update(model, state)
    return colonised


def main():
    model = RhizomeSpread(6, establishment=0.7, rngs=nnx.Rngs(params=1, dropout=2))
    model.train()
    front = jnp.array([1.0, 0.8, 0.5, 0.2, 0.0, 0.0])
    return simulate_spread(model, front, seasons=5)
