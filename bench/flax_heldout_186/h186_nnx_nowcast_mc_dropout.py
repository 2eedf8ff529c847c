# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 graphdef and state are locals of ensemble_nowcast (nnx.split of a train-mode model whose Dropout owns an Rngs stream); the scan body merges the closure-captured state on every member and the dropout advances its rng count
"""Precipitation nowcasting: an ensemble of radar extrapolations is produced by Monte-Carlo
dropout, each member a stochastic forward pass of the same network."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RadarNowcaster(nnx.Module):
    def __init__(self, n_pixels: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(n_pixels, 32, rngs=rngs)
        self.dropout = nnx.Dropout(0.25, rngs=rngs)
        self.decode = nnx.Linear(32, n_pixels, rngs=rngs)

    def __call__(self, frame):
        return nnx.relu(self.decode(self.dropout(nnx.tanh(self.encode(frame)))))


def ensemble_nowcast(model: RadarNowcaster, frame, members: int):
    model.train()  # keep dropout active for the ensemble
    graphdef, state = nnx.split(model)

    def body(carry, _):
        member = nnx.merge(graphdef, state)
        return carry, member(frame)

    _, ensemble = jax.lax.scan(body, None, None, length=members)
    model.eval()
    return ensemble


def main():
    frame = jax.random.uniform(jax.random.key(0), (4, 64))
    model = RadarNowcaster(64, nnx.Rngs(params=0, dropout=1))
    return ensemble_nowcast(model, frame, members=5)
