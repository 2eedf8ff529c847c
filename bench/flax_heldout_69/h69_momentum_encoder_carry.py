# label: ok
# flax-error: none
# class: 1 momentum-encoder params carried through the scan next to params and optimizer state
"""Contrastive learning (MoCo-style) with a momentum encoder; the EMA teacher params are part
of the scan carry."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(32)(x))
        z = nn.Dense(16)(x)
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def main():
    enc = Encoder()
    views = jax.random.normal(jax.random.PRNGKey(1), (5, 2, 8, 12))
    params = enc.init(jax.random.PRNGKey(0), views[0, 0])["params"]
    tx = optax.sgd(0.05)
    opt_state = tx.init(params)

    def info_nce(p, m, a, b):
        q = enc.apply({"params": p}, a)
        k = jax.lax.stop_gradient(enc.apply({"params": m}, b))
        logits = q @ k.T / 0.1
        return optax.softmax_cross_entropy_with_integer_labels(logits, jnp.arange(a.shape[0])).mean()

    def step(carry, batch):
        params, momentum, opt_state = carry
        loss, grads = jax.value_and_grad(info_nce)(params, momentum, batch[0], batch[1])
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        momentum = jax.tree.map(lambda m, p: 0.99 * m + 0.01 * p, momentum, params)
        return (params, momentum, opt_state), loss

    (params, momentum, opt_state), losses = jax.lax.scan(step, (params, params, opt_state), views)
    z = enc.apply({"params": momentum}, views[0, 0])
    print(losses, z.shape)
    return None
