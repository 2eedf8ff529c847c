# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a model merged inside the raw scan body is stored in a Python dict and used after the loop
"""VAE training in NNX with jax.lax.scan over epochs: to keep the best model the user stashes
the module merged inside the step in a dict, then evaluates it after the loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class VAE(nnx.Module):
    def __init__(self, rngs):
        self.enc = nnx.Linear(6, 4, rngs=rngs)
        self.dec = nnx.Linear(2, 6, rngs=rngs)

    def __call__(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, -1)
        recon = self.dec(mu)
        kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu ** 2 - 1.0 - logvar, -1)
        return jnp.mean(jnp.sum((recon - x) ** 2, -1) + kl)


def main():
    model = VAE(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    data = jnp.tanh(jnp.arange(5 * 6, dtype=jnp.float32).reshape(5, 6) / 10.0)
    graphdef, state = nnx.split((model, optimizer))
    best = {}

    def epoch(state, _):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: m(data))(model)
        optimizer.update(model, grads)
        best["model"] = model
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(epoch, state, None, length=4)
    final = best["model"](data)
    final.block_until_ready()
    return None
