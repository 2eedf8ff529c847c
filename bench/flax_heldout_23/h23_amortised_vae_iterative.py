# label: ok
# flax-error: none
# class: 3 refiner and decoder are called once before the scan, so the body method only reads existing params
"""Iterative amortised inference for a small Gaussian VAE.

The encoder proposes q(z|x); a refinement network then revises the posterior
parameters for a fixed number of steps using the reconstruction residual;
the first revision is applied eagerly as a warm start.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


@dataclasses.dataclass(frozen=True)
class VAEConfig:
    x_dim: int = 12
    z_dim: int = 4
    hidden: int = 32
    refine_steps: int = 3


class MLP(nn.Module):
    features: tuple

    @nn.compact
    def __call__(self, x):
        for i, f in enumerate(self.features):
            x = nn.Dense(f, name=f"dense_{i}")(x)
            if i < len(self.features) - 1:
                x = nn.gelu(x)
        return x


class RefinedVAE(nn.Module):
    cfg: VAEConfig

    def setup(self):
        c = self.cfg
        self.encoder = MLP((c.hidden, 2 * c.z_dim))
        self.decoder = MLP((c.hidden, c.x_dim))
        self.refiner = MLP((c.hidden, 2 * c.z_dim))

    def _refine_step(self, x, mu, logvar):
        residual = x - self.decoder(mu)
        delta = self.refiner(jnp.concatenate([residual, mu, logvar], -1))
        d_mu, d_lv = jnp.split(delta, 2, -1)
        return mu + 0.1 * d_mu, logvar + 0.1 * d_lv

    def __call__(self, x):
        mu, logvar = jnp.split(self.encoder(x), 2, -1)
        mu, logvar = self._refine_step(x, mu, logvar)  # warm start

        def body(carry, _):
            m, lv = self._refine_step(x, *carry)
            return (m, lv), None

        (mu, logvar), _ = jax.lax.scan(body, (mu, logvar), None, length=self.cfg.refine_steps - 1)
        eps = jax.random.normal(self.make_rng("sample"), mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        recon = jnp.mean((x - self.decoder(z)) ** 2)
        kl = -0.5 * jnp.mean(1 + logvar - mu**2 - jnp.exp(logvar))
        return recon + kl


def make_train_step(model, tx):
    @jax.jit
    def step(params, opt_state, x, key):
        loss, grads = jax.value_and_grad(
            lambda p: model.apply({"params": p}, x, rngs={"sample": key}))(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss
    return step


def main():
    cfg = VAEConfig()
    model = RefinedVAE(cfg)
    x = jax.random.normal(jax.random.key(0), (8, cfg.x_dim))
    variables = model.init({"params": jax.random.key(1), "sample": jax.random.key(2)}, x)
    tx = optax.adam(1e-3)
    params = variables["params"]
    opt_state = tx.init(params)
    step = make_train_step(model, tx)
    for i in range(2):
        params, opt_state, loss = step(params, opt_state, x, jax.random.key(10 + i))
    float(loss)
    return None
