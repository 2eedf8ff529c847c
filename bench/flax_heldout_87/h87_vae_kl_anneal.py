# label: same-values
# flax-error: none
# class: 4 the 'latent' rng passed to model.apply inside the raw scan training loop is one key closed over from outside
"""VAE training with a linearly annealed KL weight; the tutorial's Python epoch loop was rewritten
as jax.lax.scan over steps, with the reparameterisation noise returned for inspection."""
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
    rng = jax.random.key(3)

    def loss_fn(params, beta):
        recon, mu, logvar, eps = model.apply({"params": params}, x, rngs={"latent": rng})
        rec = jnp.mean(jnp.sum((recon - x) ** 2, -1))
        kl = -0.5 * jnp.mean(jnp.sum(1 + logvar - mu**2 - jnp.exp(logvar), -1))
        return rec + beta * kl, eps

    def train_step(carry, step):
        params, opt_state = carry
        beta = jnp.minimum(1.0, step / WARMUP)
        (loss, eps), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, beta)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return (params, opt_state), eps

    _, eps_per_step = jax.lax.scan(train_step, (params, opt_state), jnp.arange(STEPS))
    return eps_per_step
