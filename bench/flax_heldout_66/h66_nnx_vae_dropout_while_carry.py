# label: ok
# flax-error: none
# class: 3 the split (model, optimizer) state, including the dropout RNG, travels in the raw while_loop state
"""VAE with input dropout in NNX trained with jax.lax.while_loop; model and optimizer are split
before the loop, their state is part of the loop state and is merged in the body."""
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
    graphdef, state = nnx.split((model, optimizer))

    def cond(s):
        i, _, prev, cur = s
        return (i < 10) & (prev - cur > 1e-3)

    def body(s):
        i, state, _, cur = s
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: m(data))(model)
        optimizer.update(model, grads)
        return i + 1, nnx.state((model, optimizer)), cur, loss

    i, state, _, loss = lax.while_loop(cond, body, (0, state, jnp.inf, 1e6))
    nnx.update((model, optimizer), state)
    loss.block_until_ready()
    return None
