# label: ok
# flax-error: none
# class: 4 one 'latent' key per step is split before the raw scan and fed to model.apply as the scanned xs
"""VAE training with a linearly annealed KL weight inside jax.lax.scan; a fresh 'latent' key per
step is split up front and scanned together with the step index."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn

IN, LATENT, STEPS, WARMUP = 8, 2, 6, 4


class VAE(nn.Module):
    latent: int = LATENT

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32)(x))
        mu = nn.Dense(self.latent, name="mu")(h)
        logvar = nn.Dense(self.latent, name="logvar")(h)
        eps = jax.random.normal(self.make_rng("latent"), mu.shape)
        z = mu + eps * jnp.exp(0.5 * logvar)
        recon = nn.Dense(x.shape[-1])(nn.relu(nn.Dense(32)(z)))
        return recon, mu, logvar, eps


def main():
    model = VAE()
    x = jax.random.uniform(jax.random.key(0), (16, IN))
    params = model.init({"params": jax.random.key(1), "latent": jax.random.key(2)}, x)["params"]
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)
    step_keys = jax.random.split(jax.random.key(3), STEPS)

    def loss_fn(params, beta, rng):
        recon, mu, logvar, eps = model.apply({"params": params}, x, rngs={"latent": rng})
        rec = jnp.mean(jnp.sum((recon - x) ** 2, -1))
        kl = -0.5 * jnp.mean(jnp.sum(1 + logvar - mu**2 - jnp.exp(logvar), -1))
        return rec + beta * kl, eps

    def train_step(carry, inputs):
        params, opt_state = carry
        step, rng = inputs
        beta = jnp.minimum(1.0, step / WARMUP)
        (loss, eps), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, beta, rng)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state), eps

    _, eps_per_step = jax.lax.scan(train_step, (params, opt_state), (jnp.arange(STEPS), step_keys))
    return eps_per_step
