# label: ok
# flax-error: none
# class: 3 BycatchTrainer.fit splits (self.model, self.optimizer), carries the state through the fori_loop, merges it in the body and updates the objects after
"""Bycatch-rate estimator feeding a fishing quota negotiation.

Logbook records (gear type, mesh size, depth, soak time, sea temperature) are regressed onto the
observed bycatch per haul; the fitted rate scales the quota of the target species. The trainer
keeps the model and its nnx.Optimizer together and fits them for a fixed number of steps.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class BycatchRate(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.relu(self.hidden(x))))[..., 0]


def poisson_loss(model, x, counts):
    rate = model(x)
    return jnp.mean(rate - counts * jnp.log(rate + 1e-6))


class BycatchTrainer:
    def __init__(self, model: BycatchRate, learning_rate: float = 5e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, x, counts, steps: int):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(step, carry):
            running, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(poisson_loss)(model, x, counts)
            optimizer.update(model, grads)
            return running + loss, nnx.state((model, optimizer))

        total, state = lax.fori_loop(0, steps, body, (jnp.zeros(()), state))
        nnx.update((self.model, self.optimizer), state)
        return total / steps


def quota_adjustment(model, x, target_quota):
    return target_quota * jnp.exp(-jnp.mean(model(x)))


def main():
    x = jax.random.normal(jax.random.key(1), (64, 5))
    counts = jax.random.poisson(jax.random.key(2), 2.0, (64,)).astype(jnp.float32)
    model = BycatchRate(5, nnx.Rngs(0))
    trainer = BycatchTrainer(model)
    trainer.fit(x, counts, steps=10)
    print("adjusted quota", quota_adjustment(model, x, 1200.0))
    return None
