# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the trainer holds the NNX model and an nnx.Optimizer over it, and the fori_loop body takes gradients of the model and updates the optimizer in place
"""Glacier melt regression: fitting a melt-rate model to degree-day and albedo measurements."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class MeltRateModel(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.gelu(self.hidden(x)))).squeeze(-1)


def melt_loss(model, features, melt):
    return jnp.mean((model(features) - melt) ** 2)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)
        self.history = []

    def fit(self, features, melt, steps):
        grad_fn = nnx.value_and_grad(melt_loss)

        def train_step(i, running):
            loss, grads = grad_fn(self.model, features, melt)
            self.optimizer.update(self.model, grads)
            return running + loss / steps

        mean_loss = lax.fori_loop(0, steps, train_step, jnp.zeros(()))
        self.history.append(mean_loss)
        return mean_loss


def main():
    features = jax.random.normal(jax.random.key(3), (32, 5))
    melt = jnp.abs(features @ jnp.linspace(0.1, 0.5, 5))
    trainer = Trainer(MeltRateModel(5, rngs=nnx.Rngs(0)))
    jax.block_until_ready(trainer.fit(features, melt, steps=5))
    return None
