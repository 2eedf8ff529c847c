# label: ok
# flax-error: none
# class: 3 each step's loss leaves the raw scan as ys and is stored in the Trainer's history after the loop
"""A Keras-like Trainer.fit for a Linen model in lax.scan, the losses returned as scan outputs."""
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
            return (optax.apply_updates(params, updates), opt_state), loss

        (params, _), losses = lax.scan(train_step, (params, opt_state), (xs, ys))
        self.history["loss"].extend(list(losses))
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
