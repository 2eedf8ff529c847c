# label: ok
# flax-error: none
# class: 2 discriminator batch_stats travel in the scan carry; apply(train=True, mutable=["batch_stats"]) returns the new stats
"""DCGAN-style training loop in jax.lax.scan, after the fix: batch_stats carried and returned."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Generator(nn.Module):
    @nn.compact
    def __call__(self, z):
        h = nn.relu(nn.Dense(32)(z))
        return jnp.tanh(nn.Dense(8)(h))


class Discriminator(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(32)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.leaky_relu(h, 0.2)
        return nn.Dense(1)(h)


def bce(logits, target):
    return optax.sigmoid_binary_cross_entropy(logits, jnp.full_like(logits, target)).mean()


def main():
    gen, disc = Generator(), Discriminator()
    kg, kd, kz, kx = jax.random.split(jax.random.key(0), 4)
    g_params = gen.init(kg, jnp.ones((1, 4)))["params"]
    d_vars = disc.init(kd, jnp.ones((1, 8)), train=False)
    d_params, d_stats = d_vars["params"], d_vars["batch_stats"]
    g_tx, d_tx = optax.adam(2e-4, b1=0.5), optax.adam(2e-4, b1=0.5)
    g_opt, d_opt = g_tx.init(g_params), d_tx.init(d_params)
    real = jax.random.normal(kx, (6, 16, 8))
    noise = jax.random.normal(kz, (6, 16, 4))

    def d_loss_fn(d_params, d_stats, g_params, real, z):
        fake = gen.apply({"params": g_params}, z)
        logits_real, upd = disc.apply({"params": d_params, "batch_stats": d_stats}, real,
                                      train=True, mutable=["batch_stats"])
        logits_fake, upd = disc.apply({"params": d_params, "batch_stats": upd["batch_stats"]}, fake,
                                      train=True, mutable=["batch_stats"])
        return bce(logits_real, 1.0) + bce(logits_fake, 0.0), upd["batch_stats"]

    def g_loss_fn(g_params, d_params, d_stats, z):
        fake = gen.apply({"params": g_params}, z)
        logits, upd = disc.apply({"params": d_params, "batch_stats": d_stats}, fake,
                                 train=True, mutable=["batch_stats"])
        return bce(logits, 1.0), upd["batch_stats"]

    def train_step(carry, batch):
        g_params, d_params, d_stats, g_opt, d_opt = carry
        real, z = batch
        d_grads, d_stats = jax.grad(d_loss_fn, has_aux=True)(d_params, d_stats, g_params, real, z)
        updates, d_opt = d_tx.update(d_grads, d_opt, d_params)
        d_params = optax.apply_updates(d_params, updates)
        g_grads, d_stats = jax.grad(g_loss_fn, has_aux=True)(g_params, d_params, d_stats, z)
        updates, g_opt = g_tx.update(g_grads, g_opt, g_params)
        g_params = optax.apply_updates(g_params, updates)
        return (g_params, d_params, d_stats, g_opt, d_opt), None

    jax.lax.scan(train_step, (g_params, d_params, d_stats, g_opt, d_opt), (real, noise))
    return None
