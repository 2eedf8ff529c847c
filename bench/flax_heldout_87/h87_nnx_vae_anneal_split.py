# label: ok
# flax-error: none
# class: 4 one reparameterisation key per step is split from nnx.Rngs before the raw scan and scanned in with the step index
"""NNX VAE trained with KL annealing in jax.lax.scan; a reparameterisation key per step is split
from the Rngs stream up front and scanned together with the step index."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

IN, LATENT, STEPS, WARMUP = 8, 2, 6, 4


class VAE(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(IN, 32, rngs=rngs)
        self.mu = nnx.Linear(32, LATENT, rngs=rngs)
        self.logvar = nnx.Linear(32, LATENT, rngs=rngs)
        self.dec1 = nnx.Linear(LATENT, 32, rngs=rngs)
        self.dec2 = nnx.Linear(32, IN, rngs=rngs)

    def __call__(self, x, key):
        h = nnx.relu(self.enc(x))
        mu, logvar = self.mu(h), self.logvar(h)
        eps = jax.random.normal(key, mu.shape)
        z = mu + eps * jnp.exp(0.5 * logvar)
        return self.dec2(nnx.relu(self.dec1(z))), mu, logvar, eps


def main():
    rngs = nnx.Rngs(params=0, latent=1)
    model = VAE(rngs)
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    x = jax.random.uniform(jax.random.key(2), (16, IN))
    step_keys = jax.random.split(rngs.latent(), STEPS)
    graphdef, state = nnx.split((model, optimizer))

    def loss_fn(model, beta, key):
        recon, mu, logvar, eps = model(x, key)
        rec = jnp.mean(jnp.sum((recon - x) ** 2, -1))
        kl = -0.5 * jnp.mean(jnp.sum(1 + logvar - mu**2 - jnp.exp(logvar), -1))
        return rec + beta * kl, eps

    def step(state, inputs):
        i, key = inputs
        model, optimizer = nnx.merge(graphdef, state)
        beta = jnp.minimum(1.0, i / WARMUP)
        (loss, eps), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model, beta, key)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), eps

    state, eps = jax.lax.scan(step, state, (jnp.arange(STEPS), step_keys))
    nnx.update((model, optimizer), state)
    return eps
