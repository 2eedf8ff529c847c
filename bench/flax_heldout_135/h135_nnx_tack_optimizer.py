# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 TackDemandTrainer holds the model and an nnx.Optimizer; the fori_loop body calls nnx.value_and_grad on trainer.model and trainer.optimizer.update
"""Saddlery retail: a demand model for tack (bridles, girths, saddle pads) per store is
fitted with a fixed number of optimizer steps inside a fori_loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class TackDemandModel(nnx.Module):
    def __init__(self, n_features, n_products, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_features, 16, rngs=rngs)
        self.head = nnx.Linear(16, n_products, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.head(nnx.relu(self.encoder(x))))


def poisson_loss(model, features, sold):
    rate = model(features)
    return jnp.mean(rate - sold * jnp.log(rate + 1e-6))


class TackDemandTrainer:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, features, sold, steps):
        def body(i, last_loss):
            loss, grads = nnx.value_and_grad(poisson_loss)(self.model, features[i], sold[i])
            self.optimizer.update(self.model, grads)
            return loss

        return lax.fori_loop(0, steps, body, jnp.zeros(()))


def main():
    key_x, key_y = jax.random.split(jax.random.key(0))
    features = jax.random.normal(key_x, (4, 12, 5))  # 4 weeks, 12 stores, 5 features
    sold = jax.random.poisson(key_y, 3.0, (4, 12, 3)).astype(jnp.float32)
    trainer = TackDemandTrainer(TackDemandModel(5, 3, nnx.Rngs(0)), learning_rate=1e-2)
    trainer.fit(features, sold, steps=4)
    return None
