# label: ok
# flax-error: none
# class: 2 the local model goes straight into the scan body; per-pass dropout keys are split from rngs outside the loop and scanned as xs
"""Nowcasting uncertainty: Monte-Carlo dropout spread of a one-hour precipitation nowcast for one radar tile."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan as scan_steps


class TileNowcaster(nnx.Module):
    def __init__(self, pixels: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(pixels, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.decode = nnx.Linear(hidden, pixels, rngs=rngs)

    def __call__(self, tile, rngs=None):
        h = self.drop(nnx.relu(self.encode(tile)), rngs=rngs)
        return nnx.softplus(self.decode(h))


def mc_spread(model: TileNowcaster, tile, passes: int, seed: int):
    rngs = nnx.Rngs(dropout=seed)
    keys = jax.random.split(rngs.dropout(), passes)

    def one_pass(_, key):
        return None, model(tile, rngs=key)

    _, samples = scan_steps(one_pass, None, keys)
    return samples


def main():
    model = TileNowcaster(pixels=6, hidden=8, rngs=nnx.Rngs(params=0, dropout=1))
    tile = jnp.array([0.0, 0.2, 1.5, 3.0, 0.7, 0.1])
    return mc_spread(model, tile, passes=4, seed=12)
