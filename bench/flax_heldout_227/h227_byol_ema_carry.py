# label: ok
# flax-error: none
# class: 3 the EMA target params start as self.target of the trainer, travel in the fori_loop carry and are stored back after the loop
"""BYOL-style online/target training with an EMA target network, looped with lax.fori_loop.

Twin of h227_byol_ema: the target params are part of the carry next to the online params and
optimizer state; the trainer stores the final target after the loop.
"""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax import lax


class Encoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(16)(x))
        return nn.Dense(self.dim)(h)


def cosine_loss(a, b):
    a = a / jnp.linalg.norm(a, axis=-1, keepdims=True)
    b = b / jnp.linalg.norm(b, axis=-1, keepdims=True)
    return 2 - 2 * jnp.mean(jnp.sum(a * b, axis=-1))


class BYOLTrainer:
    def __init__(self, model, params, tau=0.99):
        self.model = model
        self.online = params
        self.target = params
        self.tau = tau
        self.tx = optax.adam(1e-2)

    def fit(self, views, steps):
        def body(i, carry):
            online, target, opt_state = carry
            v1, v2 = views[0, i % views.shape[1]], views[1, i % views.shape[1]]

            def loss_fn(p):
                z_target = jax.lax.stop_gradient(self.model.apply({"params": target}, v2))
                return cosine_loss(self.model.apply({"params": p}, v1), z_target)

            grads = jax.grad(loss_fn)(online)
            updates, opt_state = self.tx.update(grads, opt_state, online)
            online = optax.apply_updates(online, updates)
            target = optax.incremental_update(online, target, 1 - self.tau)
            return online, target, opt_state

        carry = (self.online, self.target, self.tx.init(self.online))
        self.online, self.target, _ = lax.fori_loop(0, steps, body, carry)

    def evaluate(self, x):
        return jnp.mean(self.model.apply({"params": self.target}, x) ** 2)


def main():
    key = jax.random.key(0)
    x = jax.random.normal(key, (4, 8, 6))
    views = jnp.stack([x + 0.1, x - 0.1])
    model = Encoder()
    params = model.init(jax.random.key(1), x[0])["params"]
    trainer = BYOLTrainer(model, params)
    trainer.fit(views, steps=10)
    jax.block_until_ready(trainer.evaluate(x[0]))
