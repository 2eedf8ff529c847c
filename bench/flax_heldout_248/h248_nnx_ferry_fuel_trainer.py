# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer's latest attribute is assigned the updated params inside the scan body (its _step method) and merged back into the model after the loop
"""Fuel-burn regression for river ferry crossings, trained with optax on split NNX state."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class FuelModel(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.hull = nnx.Linear(features, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hull(x))).squeeze(-1)


class FerryTrainer:
    def __init__(self, model: FuelModel, lr: float = 0.05):
        self.model = model
        self.tx = optax.sgd(lr, momentum=0.9)
        self.graphdef, self.params = nnx.split(model, nnx.Param)
        self.opt_state = self.tx.init(self.params)
        self.latest = self.params

    def _loss(self, params, x, y):
        model = nnx.merge(self.graphdef, params)
        return jnp.mean((model(x) - y) ** 2)

    def _step(self, carry, batch):
        params, opt_state = carry
        loss, grads = jax.value_and_grad(self._loss)(params, *batch)
        updates, opt_state = self.tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        self.latest = params
        return (params, opt_state), loss

    def fit(self, batches):
        (_, self.opt_state), losses = lax.scan(self._step, (self.params, self.opt_state), batches)
        self.params = self.latest
        nnx.update(self.model, self.latest)
        return losses


def crossing_log(batches=4, size=6, features=3, seed=2):
    kx, kn = jax.random.split(jax.random.key(seed))
    x = jax.random.uniform(kx, (batches, size, features))
    y = x @ jnp.array([0.6, 1.2, -0.4]) + 0.05 * jax.random.normal(kn, (batches, size))
    return x, y


def main():
    xs, ys = crossing_log()
    model = FuelModel(3, 8, rngs=nnx.Rngs(0))
    trainer = FerryTrainer(model)
    losses = trainer.fit((xs, ys))
    held_out = jnp.mean((model(xs[0]) - ys[0]) ** 2)
    jax.block_until_ready((losses, held_out))
    return None
