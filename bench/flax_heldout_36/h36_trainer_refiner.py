# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 Trainer.init/predict -> Refiner.__call__ whose raw scan body first calls an nn.Dense cell during init
import jax
import jax.numpy as jnp
from flax import linen as nn


class Refiner(nn.Module):
    features: int
    n_iter: int = 4

    @nn.compact
    def __call__(self, x):
        cell = nn.Dense(self.features, name="cell")

        def body(h, _):
            h = jnp.tanh(cell(h) + x)
            return h, None

        h, _ = jax.lax.scan(body, jnp.zeros_like(x), None, length=self.n_iter)
        return h


class Trainer:
    def __init__(self, model, seed=0):
        self.model = model
        self.rng = jax.random.key(seed)
        self.variables = None

    def init(self, batch):
        self.variables = self.model.init(self.rng, batch)

    def predict(self, batch):
        return self.model.apply(self.variables, batch)


def main():
    trainer = Trainer(Refiner(features=4))
    x = jnp.ones((2, 4))
    trainer.init(x)
    y = trainer.predict(x)
    y.block_until_ready()
    return None
