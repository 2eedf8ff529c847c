# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 discriminator variables (params + batch_stats) closed over by the loss; apply(train=True) inside the scan body without mutable
"""DCGAN-style training loop moved into jax.lax.scan: D and G steps per scanned batch."""
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

    def d_loss_fn(d_params, g_params, real, z):
        fake = gen.apply({"params": g_params}, z)
        variables = {"params": d_params, "batch_stats": d_stats}
        return bce(disc.apply(variables, real, train=True), 1.0) + bce(disc.apply(variables, fake, train=True), 0.0)

    def g_loss_fn(g_params, d_params, z):
        fake = gen.apply({"params": g_params}, z)
        return bce(disc.apply({"params": d_params, "batch_stats": d_stats}, fake, train=True), 1.0)

    def train_step(carry, batch):
        g_params, d_params, g_opt, d_opt = carry
        real, z = batch
        d_grads = jax.grad(d_loss_fn)(d_params, g_params, real, z)
        updates, d_opt = d_tx.update(d_grads, d_opt, d_params)
        d_params = optax.apply_updates(d_params, updates)
        g_grads = jax.grad(g_loss_fn)(g_params, d_params, z)
        updates, g_opt = g_tx.update(g_grads, g_opt, g_params)
        g_params = optax.apply_updates(g_params, updates)
        return (g_params, d_params, g_opt, d_opt), None

    jax.lax.scan(train_step, (g_params, d_params, g_opt, d_opt), (real, noise))
    return None
