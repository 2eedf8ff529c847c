# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "Dense_0/kernel/u" in "/SpectralNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 GANTrainer.critic_phase scans n_critic steps; the body reaches the SpectralNorm critic through self.critic_apply with update_stats=True but no mutable collection
"""WGAN-style training phase: several critic updates per generator update, critic uses spectral normalization."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax.lax import scan


class Critic(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x, update_stats: bool):
        x = nn.SpectralNorm(nn.Dense(self.width))(x, update_stats=update_stats)
        x = nn.leaky_relu(x, 0.2)
        x = nn.SpectralNorm(nn.Dense(1))(x, update_stats=update_stats)
        return x[..., 0]


class Generator(nn.Module):
    out_dim: int = 2

    @nn.compact
    def __call__(self, z):
        return nn.Dense(self.out_dim)(nn.relu(nn.Dense(16)(z)))


@dataclasses.dataclass(frozen=True)
class GANConfig:
    latent: int = 4
    batch: int = 8
    n_critic: int = 3
    critic_lr: float = 1e-3


class GANTrainer:
    def __init__(self, cfg: GANConfig, rng):
        self.cfg = cfg
        self.critic, self.gen = Critic(), Generator()
        k1, k2 = jax.random.split(rng)
        self.critic_vars = self.critic.init(k1, jnp.zeros((1, 2)), update_stats=False)
        self.gen_vars = self.gen.init(k2, jnp.zeros((1, cfg.latent)))
        self.critic_tx = optax.adam(cfg.critic_lr)
        self.critic_opt = self.critic_tx.init(self.critic_vars["params"])
        self.critic_apply = functools.partial(self.critic.apply, update_stats=True)

    def critic_loss(self, params, batch_stats, real, fake):
        variables = {"params": params, "batch_stats": batch_stats}
        return self.critic_apply(variables, fake).mean() - self.critic_apply(variables, real).mean()

    def critic_phase(self, real_batches, rng):
        batch_stats = self.critic_vars["batch_stats"]

        def step(carry, inputs):
            params, opt_state = carry
            real, key = inputs
            z = jax.random.normal(key, (self.cfg.batch, self.cfg.latent))
            fake = self.gen.apply(self.gen_vars, z)
            loss, grads = jax.value_and_grad(self.critic_loss)(params, batch_stats, real, fake)
            updates, opt_state = self.critic_tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), loss

        keys = jax.random.split(rng, self.cfg.n_critic)
        (params, self.critic_opt), losses = scan(
            step, (self.critic_vars["params"], self.critic_opt), (real_batches, keys))
        self.critic_vars = {"params": params, "batch_stats": batch_stats}
        return losses


def main():
    cfg = GANConfig()
    trainer = GANTrainer(cfg, jax.random.key(0))
    real = jax.random.normal(jax.random.key(1), (cfg.n_critic, cfg.batch, 2)) + 1.0
    print(trainer.critic_phase(real, jax.random.key(2)))
    return None
