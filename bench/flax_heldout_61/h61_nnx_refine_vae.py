# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a module-level inference helper receives the NNX VAE; the scan body appends each step's ELBO to a Python list defined outside the loop
"""Iterative amortized inference with an NNX VAE: refine the encoder's posterior guess by gradient
steps on the ELBO and keep the ELBO trajectory for logging."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class VAE(nnx.Module):
    def __init__(self, dx, dz, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(dx, 2 * dz, rngs=rngs)
        self.dec = nnx.Linear(dz, dx, rngs=rngs)

    def elbo(self, lam, x):
        mu, logvar = jnp.split(lam, 2, axis=-1)
        recon = -jnp.sum((x - self.dec(mu)) ** 2, axis=-1)
        kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu ** 2 - 1.0 - logvar, axis=-1)
        return jnp.mean(recon - kl)


def refine(vae, x, steps=5, lr=0.1):
    history = []

    def body(lam, _):
        value, g = jax.value_and_grad(vae.elbo)(lam, x)
        history.append(value)
        return lam + lr * g, None

    lam, _ = lax.scan(body, vae.enc(x), None, length=steps)
    return lam, jnp.stack(history)


def main():
    vae = VAE(6, 3, rngs=nnx.Rngs(0))
    lam, elbos = refine(vae, jnp.ones((4, 6)))
    return None
