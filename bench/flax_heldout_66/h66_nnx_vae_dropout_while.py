# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 6 (24 B)
# class: 1 a VAE holding nnx.Dropout and its Rngs is closed over by the raw while_loop body
"""VAE with input dropout (denoising) in NNX, trained with jax.lax.while_loop until the ELBO
stops improving; the model and its optimizer are used straight from the enclosing scope."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class DenoisingVAE(nnx.Module):
    def __init__(self, rngs):
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.enc = nnx.Linear(6, 4, rngs=rngs)
        self.dec = nnx.Linear(2, 6, rngs=rngs)

    def __call__(self, x):
        mu, logvar = jnp.split(self.enc(self.drop(x)), 2, -1)
        kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu ** 2 - 1.0 - logvar, -1)
        return jnp.mean(jnp.sum((self.dec(mu) - x) ** 2, -1) + kl)


def main():
    model = DenoisingVAE(nnx.Rngs(params=0, dropout=1))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    data = jnp.tanh(jnp.arange(5 * 6, dtype=jnp.float32).reshape(5, 6) / 10.0)
    grad_fn = nnx.value_and_grad(lambda m: m(data))

    def cond(s):
        i, prev, cur = s
        return (i < 10) & (prev - cur > 1e-3)

    def body(s):
        i, _, cur = s
        loss, grads = grad_fn(model)
        optimizer.update(model, grads)
        return i + 1, cur, loss

    i, _, loss = lax.while_loop(cond, body, (0, jnp.inf, 1e6))
    loss.block_until_ready()
    return None
