# label: same-values
# flax-error: none
# class: 5 the scan body calls a train step returned by make_train_step(model, tx, key), which passes the factory's key as rngs={'noise': key} to apply
"""VAE training loop in a single lax.scan, logging the reparameterisation noise.

make_train_step builds the step function once, with the PRNG key for the
reparameterisation trick.  The encoder sows the noise it drew so the loop can log it
next to the loss while debugging a KL term that refuses to move.
"""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn

LATENT = 3


class VAE(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(32)(x))
        mean, logvar = nn.Dense(LATENT)(h), nn.Dense(LATENT)(h)
        eps = jax.random.normal(self.make_rng("noise"), mean.shape)
        self.sow("intermediates", "eps", eps)
        z = mean + jnp.exp(0.5 * logvar) * eps
        recon = nn.Dense(x.shape[-1])(nn.gelu(nn.Dense(32)(z)))
        return recon, mean, logvar


def make_train_step(model, tx, key):
    def loss_fn(params, x):
        (recon, mean, logvar), state = model.apply(
            {"params": params}, x, rngs={"noise": key}, mutable=["intermediates"]
        )
        kl = -0.5 * jnp.sum(1 + logvar - mean**2 - jnp.exp(logvar), -1)
        loss = jnp.mean(jnp.sum((recon - x) ** 2, -1) + kl)
        return loss, state["intermediates"]["eps"][0]

    def train_step(params, opt_state, x):
        (loss, eps), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss, eps

    return train_step


def main():
    data = jax.random.uniform(jax.random.PRNGKey(0), (5, 16, 8))
    model = VAE()
    params = model.init({"params": jax.random.PRNGKey(1), "noise": jax.random.PRNGKey(2)}, data[0])["params"]
    tx = optax.adam(1e-3)
    train_step = make_train_step(model, tx, jax.random.PRNGKey(3))

    def body(carry, batch):
        params, opt_state = carry
        params, opt_state, loss, eps = train_step(params, opt_state, batch)
        return (params, opt_state), eps

    _, eps_per_step = jax.lax.scan(body, (params, tx.init(params)), data)
    return eps_per_step
