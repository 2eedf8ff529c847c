# label: ok
# flax-error: none
# class: 2 Linen modules kept in a dict; only .apply on params carried through a raw fori_loop, EMA by tree_map
"""BYOL: online/target networks kept in a dict; the training loop runs in lax.fori_loop."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax import lax


class Projector(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.dim)(nn.relu(nn.Dense(32)(x)))


def byol_loss(nets, online, target, x1, x2):
    p = nets["predictor"].apply(online["predictor"], nets["encoder"].apply(online["encoder"], x1))
    z = nets["encoder"].apply(target, x2)
    p = p / jnp.linalg.norm(p, axis=-1, keepdims=True)
    z = jax.lax.stop_gradient(z / jnp.linalg.norm(z, axis=-1, keepdims=True))
    return jnp.mean(2 - 2 * jnp.sum(p * z, -1))


def train(nets, online, target, data, steps=4, tau=0.99):
    tx = optax.sgd(0.05)
    opt_state = tx.init(online)

    def body(i, state):
        online, target, opt_state = state
        x = data[i % data.shape[0]]
        g = jax.grad(byol_loss, argnums=1)(nets, online, target, x, x[::-1])
        upd, opt_state = tx.update(g, opt_state)
        online = optax.apply_updates(online, upd)
        target = jax.tree.map(lambda t, o: tau * t + (1 - tau) * o, target, online["encoder"])
        return online, target, opt_state

    return lax.fori_loop(0, steps, body, (online, target, opt_state))


def main():
    nets = {"encoder": Projector(16), "predictor": Projector(16)}
    x = jnp.ones((4, 8))
    online = {"encoder": nets["encoder"].init(jax.random.key(0), x),
              "predictor": nets["predictor"].init(jax.random.key(1), jnp.ones((4, 16)))}
    target = jax.tree.map(jnp.copy, online["encoder"])
    data = jax.random.normal(jax.random.key(2), (3, 4, 8))
    online, target, _ = train(nets, online, target, data)
    return None
