# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "Dense_0/kernel/u" in "/SpectralNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the GAN trainer binds the spectrally normalised discriminator once and keeps it on self; the generator-update scan body calls the bound discriminator with update_stats=True
"""Generator/discriminator training loop with a spectrally normalised critic.

For the generator phase the trainer scans over latent batches; it evaluates the
discriminator through a module bound once in `__init__` (`disc.bind(...)`) so the
loss function does not have to thread discriminator variables around.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class Generator(nn.Module):
    out_dim: int = 6

    @nn.compact
    def __call__(self, z):
        h = nn.leaky_relu(nn.Dense(16)(z), 0.2)
        return jnp.tanh(nn.Dense(self.out_dim)(h))


class Discriminator(nn.Module):
    @nn.compact
    def __call__(self, x, update_stats: bool = True):
        h = nn.SpectralNorm(nn.Dense(16))(x, update_stats=update_stats)
        h = nn.leaky_relu(h, 0.2)
        return nn.SpectralNorm(nn.Dense(1))(h, update_stats=update_stats)


@dataclasses.dataclass(frozen=True)
class GANConfig:
    z_dim: int = 4
    data_dim: int = 6
    batch: int = 8
    g_lr: float = 2e-4
    g_steps: int = 4


class GANTrainer:
    def __init__(self, cfg: GANConfig, seed: int = 0):
        self.cfg = cfg
        kg, kd = jax.random.split(jax.random.PRNGKey(seed))
        self.gen = Generator(cfg.data_dim)
        self.disc = Discriminator()
        self.g_params = self.gen.init(kg, jnp.zeros((1, cfg.z_dim)))["params"]
        self.d_vars = self.disc.init(kd, jnp.zeros((1, cfg.data_dim)))
        self.disc_bound = self.disc.bind(self.d_vars)
        self.g_tx = optax.adam(cfg.g_lr, b1=0.5)
        self.g_opt = self.g_tx.init(self.g_params)

    def generator_loss(self, g_params, z):
        fake = self.gen.apply({"params": g_params}, z)
        return -self.disc_bound(fake).mean()

    def generator_phase(self, zs):
        def body(carry, z):
            g_params, g_opt = carry
            loss, grads = jax.value_and_grad(self.generator_loss)(g_params, z)
            updates, g_opt = self.g_tx.update(grads, g_opt, g_params)
            return (optax.apply_updates(g_params, updates), g_opt), loss

        (self.g_params, self.g_opt), losses = jax.lax.scan(
            body, (self.g_params, self.g_opt), zs)
        return losses


def main():
    cfg = GANConfig()
    trainer = GANTrainer(cfg)
    zs = jax.random.normal(jax.random.PRNGKey(3), (cfg.g_steps, cfg.batch, cfg.z_dim))
    trainer.generator_phase(zs).block_until_ready()
    return None
