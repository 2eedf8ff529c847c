# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a pinned zoo entry (zoo -> pin -> built model with nnx.Dropout and its Rngs stream) is called in train mode inside a checkpointed scan body
"""Model zoo with version pinning for image-quality scorers: the zoo builds the pinned version,
and a fine-tuning helper computes per-batch losses with a jax.checkpoint-ed scan body while the
model is in train mode (dropout on)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class IQScorerV3(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(12, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))[..., 0]


class ModelZoo:
    def __init__(self):
        self._builders = {}
        self._pins = {}

    def register(self, name, version, builder):
        self._builders[(name, version)] = builder

    def pin(self, name, version):
        self._pins[name] = version

    def load(self, name, seed=0):
        version = self._pins[name]
        return self._builders[(name, version)](nnx.Rngs(params=seed, dropout=seed + 1))


def batch_losses(model, xs, ys):
    model.train()

    @jax.checkpoint
    def body(_, batch):
        x, y = batch
        return None, jnp.mean((model(x) - y) ** 2)

    return scan(body, None, (xs, ys))[1]


def main():
    zoo = ModelZoo()
    zoo.register("iq-scorer", "3.1", IQScorerV3)
    zoo.pin("iq-scorer", "3.1")
    model = zoo.load("iq-scorer")
    xs = jax.random.normal(jax.random.key(1), (4, 8, 12))
    ys = jax.random.uniform(jax.random.key(2), (4, 8))
    batch_losses(model, xs, ys).block_until_ready()
    return None
