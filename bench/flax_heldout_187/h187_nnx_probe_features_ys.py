# label: ok
# flax-error: none
# class: 5 make_probe_step (a factory) returns a jax.checkpoint-wrapped scan body; the sown intermediates leave it as scan outputs
"""Collecting hidden features for a linear probe: every batch is pushed through
the backbone, whose block sows its activations as nnx.Intermediate.  The scan
body is built by a factory and rematerialised."""
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.fc = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, x):
        h = nnx.gelu(self.fc(self.norm(x)))
        self.sow(nnx.Intermediate, "features", h)
        return x + h


class Backbone(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(3, 8, rngs=rngs)
        self.block = Block(8, rngs)

    def __call__(self, x):
        return self.block(self.embed(x))


def make_probe_step(graphdef):
    @jax.checkpoint
    def step(state, x):
        model = nnx.merge(graphdef, state)
        out = model(x)
        feats = nnx.pop(model, nnx.Intermediate)
        return nnx.state(model), (out.sum(), feats["block"]["features"].value[0])

    return step


def main():
    graphdef, state = nnx.split(Backbone(nnx.Rngs(0)))
    batches = jax.random.normal(jax.random.key(1), (4, 5, 3))
    state, (sums, feature_log) = jax.lax.scan(make_probe_step(graphdef), state, batches)
    feats = jnp.concatenate(feature_log, axis=0)
    probe_w = jnp.linalg.lstsq(feats, jnp.ones(feats.shape[0]))[0]
    return None
