# label: same-values
# flax-error: none
# class: 2 the model, a parameter of simulate_spread(), goes into the scan body directly, which works on an nnx.clone of it each season
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
    def season(total, front):
        grass = nnx.clone(model)
        colonised = grass(front)
        return total + colonised.sum(), colonised

    fronts = jnp.broadcast_to(front, (seasons,) + front.shape)
    _, colonised = lax.scan(season, jnp.float32(0.0), fronts)
    return colonised


def main():
    model = RhizomeSpread(6, establishment=0.7, rngs=nnx.Rngs(params=1, dropout=2))
    model.train()
    front = jnp.array([1.0, 0.8, 0.5, 0.2, 0.0, 0.0])
    return simulate_spread(model, front, seasons=5)
