# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 SortRateTrainer stores jax.jit(self.fit_epoch); the lax.scan body reads and reassigns self.params and self.opt_state, attributes of the one trainer
"""Parcel-sorting throughput model: a trainer that keeps a jitted bound epoch method."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class ThroughputModel(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, shift_features):
        h = nn.relu(nn.Dense(self.hidden)(shift_features))
        return nn.Dense(1)(h)[..., 0]


class SortRateTrainer:
    def __init__(self, model, sample, learning_rate=1e-2, seed=0):
        self.model = model
        self.tx = optax.adam(learning_rate)
        self.params = model.init(jax.random.key(seed), sample)["params"]
        self.opt_state = self.tx.init(self.params)
        self._fit_epoch = jax.jit(self.fit_epoch)

    def loss(self, params, x, y):
        return jnp.mean((self.model.apply({"params": params}, x) - y) ** 2)

    def fit_epoch(self, batches_x, batches_y):
        def body(_, batch):
            x, y = batch
            loss, grads = jax.value_and_grad(self.loss)(self.params, x, y)
            updates, self.opt_state = self.tx.update(grads, self.opt_state, self.params)
            self.params = optax.apply_updates(self.params, updates)
            return None, loss

        _, losses = lax.scan(body, None, (batches_x, batches_y))
        return losses

    def fit(self, batches_x, batches_y, epochs=2):
        for _ in range(epochs):
            losses = self._fit_epoch(batches_x, batches_y)
        return losses

    def predict(self, x):
        return self.model.apply({"params": self.params}, x)


def main():
    kx, kw = jax.random.split(jax.random.key(3))
    x = jax.random.normal(kx, (5, 16, 6))
    y = x @ jax.random.normal(kw, (6,))
    trainer = SortRateTrainer(ThroughputModel(), x[0])
    trainer.fit(x, y)
    print(trainer.predict(x[0]).shape)
    return None
