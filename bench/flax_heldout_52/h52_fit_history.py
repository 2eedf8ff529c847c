# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a Keras-style Trainer appends each step's loss to self.history (a Python list) inside the raw scan body
"""A Keras-like Trainer.fit for a Linen model, the Python training loop replaced by lax.scan."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(16)(x)))


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.tx = optax.adam(lr)
        self.history = {"loss": []}

    def fit(self, params, xs, ys):
        opt_state = self.tx.init(params)

        def train_step(carry, batch):
            params, opt_state = carry
            x, y = batch
            loss, grads = jax.value_and_grad(
                lambda p: jnp.mean((self.model.apply({"params": p}, x) - y) ** 2))(params)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            self.history["loss"].append(loss)  # like keras History
            return (optax.apply_updates(params, updates), opt_state), None

        (params, _), _ = lax.scan(train_step, (params, opt_state), (xs, ys))
        return params


def main():
    model = Regressor()
    xs = jax.random.normal(jax.random.PRNGKey(0), (10, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    params = model.init(jax.random.PRNGKey(1), xs[0])["params"]
    trainer = Trainer(model)
    trainer.fit(params, xs, ys)
    losses = jnp.stack(trainer.history["loss"])
    losses.block_until_ready()
    return None
