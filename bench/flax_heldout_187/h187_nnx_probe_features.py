# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_probe_step (a factory) returns a jax.checkpoint-wrapped scan body that appends the sown intermediates to a list it closes over
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


def make_probe_step(graphdef, feature_log):
    @jax.checkpoint
    def step(state, x):
        model = nnx.merge(graphdef, state)
        out = model(x)
        feats = nnx.pop(model, nnx.Intermediate)
        feature_log.append(feats["block"]["features"].value[0])
        return nnx.state(model), out.sum()

    return step


def main():
    graphdef, state = nnx.split(Backbone(nnx.Rngs(0)))
    batches = jax.random.normal(jax.random.key(1), (4, 5, 3))
    feature_log = []
    state, sums = jax.lax.scan(make_probe_step(graphdef, feature_log), state, batches)
    feats = jnp.concatenate(feature_log, axis=0)
    probe_w = jnp.linalg.lstsq(feats, jnp.ones(feats.shape[0]))[0]
    return None
