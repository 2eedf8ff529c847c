# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 VariantService -> worker pool -> Worker.model (nnx module still in train mode, Dropout with its Rngs) called in the scan body
"""Batch variant-effect scoring service over reference/alternate DNA windows.

Workers are created from a checkpointed model factory; each worker scores a batch of
windows by walking over them and accumulating the predicted effect.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class EffectModel(nnx.Module):
    def __init__(self, length, hidden, rngs: nnx.Rngs):
        self.embed = nnx.Linear(4, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, window):
        h = nnx.gelu(self.embed(window)).mean(axis=0)
        return self.head(self.drop(h))[0]


class Worker:
    def __init__(self, model):
        self.model = model

    def score(self, ref, alt):
        return self.model(alt) - self.model(ref)


class VariantService:
    def __init__(self, build, workers=2):
        self.pool = [Worker(build(seed)) for seed in range(workers)]

    def run(self, refs, alts, worker=0):
        w = self.pool[worker]

        def body(total, pair):
            effect = w.score(*pair)
            return total + jnp.abs(effect), effect

        _, effects = lax.scan(body, jnp.zeros(()), (refs, alts))
        return effects


def main():
    def build(seed):
        return EffectModel(24, 16, rngs=nnx.Rngs(params=seed, dropout=seed + 100))

    keys = jax.random.split(jax.random.key(0))
    refs = jax.nn.one_hot(jax.random.randint(keys[0], (5, 24), 0, 4), 4)
    alts = jax.nn.one_hot(jax.random.randint(keys[1], (5, 24), 0, 4), 4)
    VariantService(build).run(refs, alts, worker=1)
    return None
